import { useSelector } from '@xstate/react';
import { Toaster } from 'react-hot-toast';
import { Router } from 'wouter';
import { routerBase } from '../../machines/language.helpers';
import { useT } from '../i18n/i18n';
import ErrorScreen from '../screens/ErrorScreen';
import { lazy, Suspense } from 'react';
import { LoadingBar } from '../ui/LoadingBar';
import { AppActorsProvider, useAppActors, useSession } from './AppActors';
import { Main } from './Main';
import { RouteView } from './RouteView';
import type { AppActors } from './startApp';

/**
 * Snackbar colours (docs/spec.md §3, §8: a success "in green"); dark enough that white text reads
 * at 7:1, and the icon drawn in the toast's own colours so it stays visible on them.
 */
const TOAST_OPTIONS = {
  className: '!bg-surface-overlay !text-ink',
  success: { className: '!bg-[#166534] !text-white', iconTheme: { primary: '#ffffff', secondary: '#166534' } },
  error: { className: '!bg-[#991b1b] !text-white', iconTheme: { primary: '#ffffff', secondary: '#991b1b' } },
};

function Boot() {
  const t = useT();
  const { session } = useAppActors();
  const booting = useSession((s) => s.matches('checkingTenant') || s.matches('restoringSession') || s.matches('fetchingTenant'));
  const bootError = useSession((s) => s.context.bootError);
  if (bootError)
    return (
      <Main className="h-full">
        <ErrorScreen status={bootError.status} message={t(bootError.key)} onRetry={() => session.send({ type: 'retry' })} />
      </Main>
    );
  if (booting)
    return (
      <Main>
        <p className="p-8 text-ink-muted" aria-busy="true">
          {t('app.loading')}
        </p>
      </Main>
    );
  return <RouteView />;
}

/** The router's base follows the language prefix (docs/spec.md §9: the default locale has none). */
function LocalizedRouter() {
  const { language } = useAppActors();
  const ready = useSelector(language, (s) => !s.matches('loading'));
  const code = useSelector(language, (s) => s.context.language);
  if (!ready) return null;
  return (
    <Router base={routerBase(code)}>
      <Boot />
    </Router>
  );
}

const ConfirmDialog = lazy(() => import('../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** The dialog's code loads the first time something asks for a confirmation. */
function Confirmations() {
  const asking = useSelector(useAppActors().confirm, (s) => s.matches('open'));
  return asking ? (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  ) : null;
}

export function App({ actors }: { actors: AppActors }) {
  return (
    <AppActorsProvider actors={actors}>
      <LoadingBar />
      <LocalizedRouter />
      <Confirmations />
      <Toaster position="bottom-center" toastOptions={TOAST_OPTIONS} />
    </AppActorsProvider>
  );
}
