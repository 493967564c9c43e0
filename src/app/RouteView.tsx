import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect, useMemo } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isDealerBackoffice } from '../../machines/session.helpers';
import { activity } from '../http/activity';
import { useT } from '../i18n/i18n';
import { matchPath, resolveRoute } from '../routing/resolve';
import { ROUTES, type ScreenLoader, type ScreenProps } from '../routing/routes';
import NotFoundScreen from '../screens/NotFoundScreen';
import { useAppActors, useSession } from './AppActors';
import { loadChunk } from './chunkReload';
import { ErrorBoundary } from './ErrorBoundary';
import { Main } from './Main';
import { useRouteFocus } from './routeFocus';

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
  const { sidebar } = useAppActors();
  const loggedIn = useSession((s) => s.context.loggedIn);
  const user = useSession((s) => s.context.user);
  const dealerBackoffice = useSession((s) => isDealerBackoffice(s.context.tenantKind));
  const resolution = useMemo(
    () => resolveRoute(ROUTES, path, search, { loggedIn, user, dealerBackoffice }),
    [path, search, loggedIn, user, dealerBackoffice],
  );
  useEffect(() => {
    sidebar.send({ type: 'route.changed', group: matchPath(ROUTES, path)?.route.group ?? null });
  }, [sidebar, path]);
  useRouteFocus(path);

  if (resolution.kind === 'redirect') return <Redirect to={resolution.to} replace />;
  const Screen = resolution.kind === 'ok' && resolution.route.screen ? screenFor(resolution.route.screen) : NotFoundScreen;
  const content = (
    <ErrorBoundary resetKey={path}>
      <Suspense fallback={<Loading />}>
        <Screen params={resolution.kind === 'ok' ? resolution.params : {}} />
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
