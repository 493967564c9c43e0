import { Link } from 'wouter';
import { useT } from '../i18n/i18n';

/** docs/spec.md §8: a route-load failure shows its status and message. */
export default function ErrorScreen({ status, message, onRetry }: { status: number; message?: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center" role="alert" data-testid="error-screen">
      <p className="text-6xl font-semibold text-ink-faint">{status}</p>
      <h1 className="text-xl font-medium">{status === 404 ? t('errors.unknownSite') : t('errors.title')}</h1>
      {message && <p className="max-w-md text-ink-muted">{message}</p>}
      <div className="flex gap-3">
        {onRetry && (
          <button type="button" onClick={onRetry} className="rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-strong">
            {t('errors.retry')}
          </button>
        )}
        <Link href="/" className="rounded-md px-4 py-2 text-brand-ink hover:underline">
          {t('errors.backHome')}
        </Link>
      </div>
    </div>
  );
}
