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
  /** A row of an entity with drafts on the server (issue 16): whether the form holds one, and whether there is anything to publish. */
  pending: { held: boolean; canPublish: boolean } | null;
  send: (event: { type: 'delete.request' | 'saveAndContinue' | 'pending.save' | 'pending.publish' | 'pending.discard' | 'preview' }) => void;
}

/** The form's sticky bar: back to the list, delete, the draft's actions beside the live row, and the two saves (Save submits the form). */
export function FormFooter({ listPath, singleton, deletable, canChange, canSave, busy, status, dirty, pending, send }: FooterProps) {
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
        {canChange && pending && (
          <>
            {pending.held && (
              <button
                type="button"
                className={buttonClass.ghost}
                onClick={() => send({ type: 'pending.discard' })}
                disabled={busy}
                data-testid="form-discard-pending"
              >
                {t('form.pendingDiscard')}
              </button>
            )}
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => send({ type: 'preview' })}
              disabled={!canSave || busy}
              data-testid="form-preview"
            >
              {t('form.preview')}
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => send({ type: 'pending.save' })}
              disabled={!canSave || busy}
              data-testid="form-save-pending"
            >
              {t('form.pendingSave')}
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => send({ type: 'pending.publish' })}
              disabled={!canSave || busy || !pending.canPublish}
              data-testid="form-publish"
            >
              {t('form.publish')}
            </button>
          </>
        )}
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
