/**
 * Where a hostile request to a route is aimed so that only the attack can stop it: the
 * site that serves the route, a real row for its `:id`, a valid body, and an admin session
 * (none for a public route).
 */
import type { Session } from '../server/harness.js';
import { NO_SUCH_ID, type Resources, SITE_HOST, type SiteKey } from './resources.js';
import { hasId, type RouteCase } from './routeTable.js';

export interface Target {
  route: RouteCase;
  site: SiteKey;
  host: string;
  id: number | undefined;
  url: string;
  /** A body the route would accept (undefined for DELETE). */
  body: Record<string, unknown> | undefined;
  session: Session | undefined;
}

/** The dealer site, unless the route is for the master site only. */
export const siteFor = (route: RouteCase): SiteKey => (route.access?.kind === 'permission' && route.access.scope === 'master' ? 'master' : 'dealer');

export async function targetOf(r: Resources, route: RouteCase, adminOn: (site: SiteKey) => Promise<Session>): Promise<Target> {
  const site = siteFor(route);
  const id = hasId(route.url) ? await r.existingId(route, site) : undefined;
  await r.prepare(route, site, id);
  return {
    route,
    site,
    host: SITE_HOST[site],
    id,
    url: await r.urlOf(route, id ?? NO_SUCH_ID),
    body: route.method === 'DELETE' ? undefined : await r.validBody(route, site, id),
    session: route.access?.kind === 'public' || route.access?.kind === 'delivery' ? undefined : await adminOn(site),
  };
}

/** Targets for many routes, made before the database is fingerprinted. */
export async function targetsOf(r: Resources, routes: readonly RouteCase[], adminOn: (site: SiteKey) => Promise<Session>) {
  const out: Target[] = [];
  for (const route of routes) out.push(await targetOf(r, route, adminOn));
  return out;
}
