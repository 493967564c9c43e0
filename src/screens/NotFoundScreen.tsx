import { Link } from 'wouter';
import { useT } from '../i18n/i18n';

export default function NotFoundScreen() {
  const t = useT();
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center" data-testid="not-found">
      <p className="text-6xl font-semibold text-ink-faint">404</p>
      <h1 className="text-xl font-medium">{t('errors.notFound')}</h1>
      <Link href="/" className="text-brand-ink underline-offset-4 hover:underline">
        {t('errors.backHome')}
      </Link>
    </div>
  );
}
