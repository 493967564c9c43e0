import { Link } from 'wouter';
import type { EntityFormStatus } from '../../machines/entityForm.connect';
import { useT } from '../i18n/i18n';
import { listHref } from './listMemory';
import { buttonClass, EIcon } from './ui';

interface FooterProps {
  listPath: string;
  singleton: boolean;
  /** The user may delete rows of this entity and this one exists. */
  deletable: boolean;
  canChange: boolean;
  canSave: boolean;
  busy: boolean;
  status: EntityFormStatus;
  dirty: boolean;
  send: (event: { type: 'delete.request' } | { type: 'saveAndContinue' }) => void;
}

/** The form's sticky bar: back to the list, delete, and the two saves (Save submits the form). */
export function FormFooter({ listPath, singleton, deletable, canChange, canSave, busy, status, dirty, send }: FooterProps) {
  const t = useT();
  return (
    <footer className="sticky bottom-0 z-20 -mx-4 mt-2 border-t border-surface-border bg-surface-raised/95 backdrop-blur sm:-mx-6">
      <div className="flex flex-wrap items-center gap-2 px-4 py-3 sm:px-6">
        {!singleton && (
          <Link href={listHref(listPath)} className={buttonClass.secondary} data-testid="form-back">
            {t('form.back')}
          </Link>
        )}
        {!singleton && deletable && (
          <button type="button" className={buttonClass.danger} onClick={() => send({ type: 'delete.request' })} disabled={busy} data-testid="form-delete">
            <EIcon name="trash" size={16} />
            {t('form.delete')}
          </button>
        )}
        {/* What the save is doing, said politely to screen readers. */}
        <span className="ml-auto text-xs text-ink-faint" aria-live="polite">
          {status === 'saving' || status === 'validating' ? t('form.saving') : status === 'saved' && !dirty ? t('form.saved') : ''}
        </span>
        {canChange && (
          <>
            {!singleton && (
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => send({ type: 'saveAndContinue' })}
                disabled={!canSave || busy}
                data-testid="form-save-continue"
                title="Ctrl+S"
              >
                {t('form.saveAndContinue')}
              </button>
            )}
            <button type="submit" className={buttonClass.primary} disabled={!canSave || busy} data-testid="form-save" title={singleton ? 'Ctrl+S' : undefined}>
              <EIcon name="save" size={16} />
              {t('form.save')}
            </button>
          </>
        )}
      </div>
    </footer>
  );
}
