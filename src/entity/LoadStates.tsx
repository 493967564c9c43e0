/* What a screen shows when its read failed (with a retry), and the "load more" of a keyset list: one look for every panel that reads. */
import { useT } from '../i18n/i18n';
import { buttonClass } from './ui';

export function LoadFailed({ message, retry, testId }: { message: string; retry: () => void; testId?: string }) {
  const t = useT();
  return (
    <div className="flex items-center gap-3 rounded-md border border-danger/40 bg-danger/10 p-3 text-sm" role="alert" data-testid={testId}>
      <span className="flex-1">{message}</span>
      <button type="button" className={buttonClass.secondary} onClick={retry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

/** The next keyset page, while the list has one (or is reading it). */
export function LoadMore({ view, testId }: { view: { canLoadMore: boolean; loadingMore: boolean; more: () => void }; testId?: string }) {
  const t = useT();
  if (!view.canLoadMore && !view.loadingMore) return null;
  return (
    <button type="button" className={`${buttonClass.secondary} self-start`} onClick={view.more} disabled={view.loadingMore} data-testid={testId}>
      {t('history.more')}
    </button>
  );
}
