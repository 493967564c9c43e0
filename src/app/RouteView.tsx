import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect, useMemo } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { activity } from '../http/activity';
import { useT } from '../i18n/i18n';
import { matchPath, resolveRoute } from '../routing/resolve';
import { RouteTableContext } from '../routing/routeTable';
import { ROUTES } from '../routing/routes';
import type { ScreenLoader, ScreenProps } from '../routing/types';
import NotFoundScreen from '../screens/NotFoundScreen';
import { loadChunk } from './chunkReload';
import { ErrorBoundary } from './ErrorBoundary';
import { Main } from './Main';
import { useRouteFocus } from './routeFocus';
import { useSessionView } from './services/session';
import { useSidebar } from './services/sidebar';

// The signed-in shell (sidebar, menus, dialogs) is not needed to show the login form.
const Layout = lazy(() => import('./Layout').then((m) => ({ default: m.Layout })));

const screens = new Map<ScreenLoader, LazyExoticComponent<ComponentType<ScreenProps>>>();
const screenFor = (load: ScreenLoader): ComponentType<ScreenProps> => {
  if (load.loaded) return load.loaded;
  let screen = screens.get(load);
  if (!screen) {
    screen = lazy(() => activity.track(loadChunk(load, window.sessionStorage, () => window.location.reload())));
    screens.set(load, screen);
  }
  return screen;
};

function Loading() {
  const t = useT();
  return <p className="p-8 text-ink-muted">{t('app.loading')}</p>;
}

/** Resolves the location through the guards (docs/spec.md §6) and renders the screen it lands on. */
export function RouteView() {
  const [path] = useLocation();
  const search = useSearch();
  const routeChanged = useSidebar((s) => s.routeChanged);
  const loggedIn = useSessionView((s) => s.loggedIn);
  const user = useSessionView((s) => s.user);
  const dealerBackoffice = useSessionView((s) => s.dealerBackoffice);
  const resolution = useMemo(() => resolveRoute(ROUTES, path, search, { loggedIn, user, dealerBackoffice }), [path, search, loggedIn, user, dealerBackoffice]);
  useEffect(() => {
    routeChanged(matchPath(ROUTES, path)?.route.group ?? null);
  }, [routeChanged, path]);
  useRouteFocus(path);

  if (resolution.kind === 'redirect') return <Redirect to={resolution.to} replace />;
  const Screen = resolution.kind === 'ok' && resolution.route.screen ? screenFor(resolution.route.screen) : NotFoundScreen;
  const content = (
    <ErrorBoundary resetKey={path}>
      <Suspense fallback={<Loading />}>
        <RouteTableContext.Provider value={ROUTES}>
          <Screen params={resolution.kind === 'ok' ? resolution.params : {}} />
        </RouteTableContext.Provider>
      </Suspense>
    </ErrorBoundary>
  );
  return loggedIn ? (
    <Suspense fallback={<Loading />}>
      <Layout>{content}</Layout>
    </Suspense>
  ) : (
    <Main className="h-full">{content}</Main>
  );
}
