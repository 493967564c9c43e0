import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { buttonClass } from './ui';

/** A draft of this form was found in the browser: restore it or throw it away. */
export function DraftOffer({ savedAt, restore, discard }: { savedAt: string; restore: () => void; discard: () => void }) {
  const t = useT();
  const when = new Date(savedAt);
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-md border border-brand/50 bg-brand-soft/30 px-4 py-3 text-sm"
      role="status"
      data-testid="draft-offer"
    >
      <span className="flex-1">{t('form.draftFound', { time: Number.isNaN(when.getTime()) ? savedAt : formatDate(when, 'dateTime') })}</span>
      <button type="button" className={buttonClass.secondary} onClick={discard}>
        {t('form.draftDiscard')}
      </button>
      <button type="button" className={buttonClass.primary} onClick={restore}>
        {t('form.draftRestore')}
      </button>
    </div>
  );
}
