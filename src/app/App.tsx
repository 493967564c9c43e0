import { Toaster } from 'react-hot-toast';
import { Router } from 'wouter';
import { routerBase } from '../../machines/language.helpers';
import { useT } from '../i18n/i18n';
import ErrorScreen from '../screens/ErrorScreen';
import { lazy, Suspense } from 'react';
import { LoadingBar } from '../ui/LoadingBar';
import { Main } from './Main';
import { RouteView } from './RouteView';
import { useConfirmView } from './services/confirm';
import { useLanguageView } from './services/language';
import { useSessionView } from './services/session';

/**
 * Snackbar colours (docs/spec.md §3, §8: a success "in green"); dark enough that white text reads
 * at 7:1, and the icon drawn in the toast's own colours so it stays visible on them.
 */
// Long enough to read a sentence (react-hot-toast's 2 s for a success is not; WCAG 2.2.1), and
// hovering holds a message as long as it is wanted.
const TOAST_OPTIONS = {
  className: '!bg-surface-overlay !text-ink',
  duration: 6000,
  success: { duration: 5000, className: '!bg-[#166534] !text-white', iconTheme: { primary: '#ffffff', secondary: '#166534' } },
  error: { duration: 8000, className: '!bg-[#991b1b] !text-white', iconTheme: { primary: '#ffffff', secondary: '#991b1b' } },
};

function Boot() {
  const t = useT();
  const booting = useSessionView((s) => s.booting);
  const bootError = useSessionView((s) => s.bootError);
  const retry = useSessionView((s) => s.retry);
  if (bootError)
    return (
      <Main className="h-full">
        <ErrorScreen status={bootError.status} message={t(bootError.key)} onRetry={retry} />
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
  const ready = useLanguageView((l) => l.ready);
  const code = useLanguageView((l) => l.language);
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
  const asking = useConfirmView((c) => c.open);
  return asking ? (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  ) : null;
}

/** The page, under AppServicesProvider (src/main.tsx). */
export function App() {
  return (
    <>
      <LoadingBar />
      <LocalizedRouter />
      <Confirmations />
      <Toaster position="bottom-center" toastOptions={TOAST_OPTIONS} />
    </>
  );
}
