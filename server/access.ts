/**
 * What a route lets through, declared on the route itself (`config: { access }`). The guard
 * (server/guards.ts, installed on every route by plugins/security.ts) enforces it before the
 * route's schemas are checked and its handler runs, and the security suite derives from the
 * live route table what every endpoint must answer to every identity, so a new route
 * without a declaration fails that suite.
 *
 *   public      anyone, signed in or not, on any host (health, logout, site lookups, files)
 *   site        anyone, signed in or not, on a site this server serves: 404 elsewhere (login)
 *   auth        any signed-in user allowed on the site: 404 unknown site, 401
 *   permission  `<action>_<model>` on a site whose kind the scope allows: 404 unknown site or
 *               wrong kind, 401, 404 for a page hidden from the user (`superuserOnly`,
 *               `notForRoles`: docs/spec.md §6), 403 without the permission; with several
 *               actions, 403 without any of them (an import: its mode, in the body, asks
 *               for add, change or both, which the operation then requires, guards.ts)
 *   delivery    the public delivery API of a dealer site (server/public/): the site of the
 *               request (server/public/siteOfRequest.ts), 404 on the master host and unknown
 *               ones; no session is read, no cookie set, and the answers may be cached
 */
import type { Scope } from '../entities/define.js';
import type { Action, Model } from '../entities/permissions.js';

export type Access =
  | { kind: 'public' }
  | { kind: 'site' }
  | { kind: 'auth' }
  /** `byHost`: the site is the host's only, a Bearer key is not read (a host's own files: robots.txt, sitemaps). */
  | { kind: 'delivery'; byHost?: boolean }
  | {
      kind: 'permission';
      model: Model;
      action: Action | readonly Action[];
      scope: Scope;
      superuserOnly?: boolean;
      notForRoles?: readonly ('MA' | 'DE')[];
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Route options that declare who may call the route: `app.get(url, withAccess({ kind: 'auth' }), handler)`. */
export const withAccess = (access: Access) => ({ config: { access } });

export const PUBLIC = withAccess({ kind: 'public' });
