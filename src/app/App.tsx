import { Toaster } from 'react-hot-toast';
import { Router } from 'wouter';
import { useT } from '../i18n/i18n';
import ErrorScreen from '../screens/ErrorScreen';
import { RouteView } from './RouteView';
import { SessionProvider, useSession, useSessionActor } from './SessionContext';
import type { SessionActor } from './sessionActor';

export const BASE = '/backoffice';

function Boot() {
  const t = useT();
  const session = useSessionActor();
  const booting = useSession((s) => s.hasTag('booting') || s.matches('checkingTenant') || s.matches('restoringSession') || s.matches('fetchingTenant'));
  const bootError = useSession((s) => s.context.bootError);
  if (bootError) return <ErrorScreen status={bootError.status} message={bootError.message} onRetry={() => session.send({ type: 'retry' })} />;
  if (booting)
    return (
      <p className="p-8 text-ink-muted" aria-busy="true">
        {t('app.loading')}
      </p>
    );
  return <RouteView />;
}

export function App({ session }: { session: SessionActor }) {
  return (
    <SessionProvider actor={session}>
      <Router base={BASE}>
        <Boot />
      </Router>
      <Toaster position="bottom-center" toastOptions={{ className: '!bg-surface-overlay !text-ink' }} />
    </SessionProvider>
  );
}
