/**
 * What a route must answer to an identity on a host, from its declared access
 * (server/access.ts) and the rules of identities.ts.
 */
import type { Scope } from '../../entities/define.js';
import { holds, type HostName, type Identity, signedInOn, type World } from './identities.js';
import type { RouteCase } from './routeTable.js';

export interface Expectation {
  /** Short name of the rule that decided, for the printed table. */
  rule: 'unknown-site' | 'scope' | 'anonymous' | 'not-on-site' | 'forbidden' | 'allowed' | 'public' | 'custom';
  ok(status: number): boolean;
  /** What was expected, in words. */
  want: string;
}

const exactly = (rule: Expectation['rule'], code: number): Expectation => ({ rule, want: String(code), ok: (s) => s === code });

const serves = (scope: Scope, host: HostName) => scope === 'both' || (scope === 'dealer') === (host === 'dealer');

/**
 * The answer allowed to an identity that passes the route's guard: anything but a refusal.
 * A 404 is a refusal too, unless the case used an id that names nothing (no real row to use).
 */
function allowed(realId: boolean, routeHasId: boolean): Expectation {
  const notFoundOk = routeHasId && !realId;
  return {
    rule: 'allowed',
    want: notFoundOk ? '2xx/4xx but 401/403' : '2xx/4xx but 401/403/404',
    ok: (s) => s < 500 && s !== 401 && s !== 403 && (notFoundOk || s !== 404),
  };
}

export function expected(
  world: World,
  route: RouteCase,
  who: Identity,
  host: HostName,
  ids: { real: boolean; routeHasId: boolean },
): Expectation {
  const access = route.access;
  if (!access) return { rule: 'custom', want: 'a declaration', ok: () => false };
  const signedIn = signedInOn(world, who, host);
  switch (access.kind) {
    case 'public':
      return { rule: 'public', want: 'not 401/403', ok: (s) => s < 500 && s !== 401 && s !== 403 };
    case 'custom':
      if (!who.user || who.dead) return { rule: 'anonymous', want: '401/403/404', ok: (s) => s === 401 || s === 403 || s === 404 };
      if (!signedIn) return { rule: 'not-on-site', want: 'not 2xx', ok: (s) => s < 500 && (s < 200 || s >= 300) };
      return { rule: 'custom', want: 'no 5xx', ok: (s) => s < 500 };
    case 'auth':
      if (host === 'unknown') return exactly('unknown-site', 404);
      if (!signedIn) return exactly(who.user && !who.dead ? 'not-on-site' : 'anonymous', 401);
      return allowed(ids.real, ids.routeHasId);
    case 'permission':
      if (host === 'unknown') return exactly('unknown-site', 404);
      if (!serves(access.scope, host)) return exactly('scope', 404);
      if (!who.user || who.dead) return exactly('anonymous', 401);
      // A user who may not work on this site is no user there: the context answers 401.
      if (!signedIn) return exactly('not-on-site', 401);
      if (!holds(who, access.action, access.model)) return exactly('forbidden', 403);
      return allowed(ids.real, ids.routeHasId);
  }
}

/** Whether an identity passes the route's guard on a host (and may change data there). */
export const passes = (e: Expectation) => e.rule === 'allowed' || e.rule === 'public' || e.rule === 'custom';
