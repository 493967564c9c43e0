/**
 * What a route must answer to an identity on a host, from its declared access
 * (server/access.ts) and the rules of identities.ts.
 */
import type { Scope } from '../../entities/define.js';
import { holds, type HostName, type Identity, signedInOn, type World } from './identities.js';
import { entityOf } from './resources.js';
import type { RouteCase } from './routeTable.js';

export interface Expectation {
  /** Short name of the rule that decided, for the printed table. */
  rule:
    | 'unknown-site'
    | 'scope'
    | 'anonymous'
    | 'not-on-site'
    | 'superusers-only'
    | 'not-for-role'
    | 'forbidden'
    | 'other-market'
    | 'allowed'
    | 'public'
    | 'undeclared';
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
  /** `market`: the market of the row the id names, where a market administrator reaches only its own. */
  ids: { real: boolean; routeHasId: boolean; market?: number | null },
): Expectation {
  const access = route.access;
  if (!access) return { rule: 'undeclared', want: 'a declaration', ok: () => false };
  const signedIn = signedInOn(world, who, host);
  // docs/spec.md §6: what a page hidden from someone answers is 404, as from the SPA's route guard.
  const entity = entityOf(route.url);
  const ranked = who.user && !who.user.is_superuser ? who.user : undefined;
  const hidden = (): Expectation | undefined => {
    if (entity?.superuserOnly && ranked) return exactly('superusers-only', 404);
    if (ranked?.role && entity?.notForRoles?.includes(ranked.role)) return exactly('not-for-role', 404);
    return undefined;
  };
  switch (access.kind) {
    case 'public':
      return { rule: 'public', want: 'not 401/403', ok: (s) => s < 500 && s !== 401 && s !== 403 };
    case 'delivery':
      // The master host serves nothing public; a dealer's content is anyone's to read.
      if (host !== 'dealer') return exactly(host === 'unknown' ? 'unknown-site' : 'scope', 404);
      return { rule: 'public', want: 'not 401/403', ok: (s) => s < 500 && s !== 401 && s !== 403 };
    case 'site':
      if (host === 'unknown') return exactly('unknown-site', 404);
      return { rule: 'public', want: 'not 401/403', ok: (s) => s < 500 && s !== 401 && s !== 403 };
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
      {
        const refused = hidden();
        if (refused) return refused;
      }
      // Several actions: the guard lets through whoever holds any of them.
      if (![access.action].flat().some((action) => holds(who, action, access.model))) return exactly('forbidden', 403);
      // A market administrator reaches only the rows of its own market (`market`: set where that applies).
      if (ranked?.role === 'MA' && ids.real && ids.market !== undefined && ids.market !== ranked.market_id) {
        return exactly('other-market', 404);
      }
      return allowed(ids.real, ids.routeHasId);
  }
}

/** Whether an identity passes the route's guard on a host (and may change data there). */
export const passes = (e: Expectation) => e.rule === 'allowed' || e.rule === 'public';
