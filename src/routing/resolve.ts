import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { type Action, actionsOn } from '../../entities/permissions';
import type { UserInfo } from '../../machines/session.types';
import type { RouteDef } from './types';

export type Resolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'ok'; route: RouteDef; params: Record<string, string | undefined>; permissions: Set<Action> };

export interface Viewer {
  loggedIn: boolean;
  user: UserInfo | null;
  dealerBackoffice: boolean;
}

/** Only paths inside the app: no scheme, no protocol-relative `//host`. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/';
  return target;
}

/** Static paths win over parameterised ones, so `/products/category` is never a `{detail}`. */
export function matchPath(routes: RouteDef[], path: string) {
  const ordered = [...routes.filter((r) => !r.path.includes(':')), ...routes.filter((r) => r.path.includes(':'))];
  for (const route of ordered) {
    const [ok, params] = matchRoute(parse, route.path, path);
    if (ok) return { route, params: params as Record<string, string | undefined> };
  }
  return undefined;
}

/**
 * docs/spec.md §6 guards in order — auth, then permissions, then roles — after the route's
 * own validate check. A route of the other back-office does not exist here.
 */
export function resolveRoute(routes: RouteDef[], path: string, search: string, viewer: Viewer): Resolution {
  const match = matchPath(routes, path);
  if (!match) return { kind: 'notFound' };
  const { route, params } = match;
  if (route.validate && !route.validate(params)) return { kind: 'notFound' };
  if (route.backoffice !== 'both' && (route.backoffice === 'dealer') !== viewer.dealerBackoffice) return { kind: 'notFound' };

  if (route.guestOnly && viewer.loggedIn) {
    return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
  }
  if (route.auth && !viewer.loggedIn) {
    const wanted = path + (search ? `?${search.replace(/^\?/, '')}` : '');
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(wanted)}` };
  }
  const user = viewer.user;
  const permissions = route.model ? actionsOn(user, route.model) : new Set<Action>();
  if (route.model && !permissions.has('view')) return { kind: 'notFound' };
  if (user && !user.is_superuser) {
    if (route.superuserOnly) return { kind: 'notFound' };
    if (route.roles && !(user.role && route.roles.includes(user.role))) return { kind: 'notFound' };
    if (route.notForRoles && user.role && route.notForRoles.includes(user.role)) return { kind: 'notFound' };
  }
  return { kind: 'ok', route, params, permissions };
}
