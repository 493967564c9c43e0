/**
 * What a route lets through, declared on the route itself (`config: { access }`), so the
 * security suite can derive from the live route table what every endpoint must answer to
 * every identity, and a new route without a declaration fails that suite.
 *
 *   public      anyone, signed in or not (health, login, tenant lookups)
 *   auth        any signed-in user allowed on the site
 *   permission  `<action>_<model>` on a site whose kind the scope allows
 *   custom      rules too rich for the three above; `rule` says them in a sentence and the
 *               route's own tests prove them
 */
import type { Scope } from '../entities/define.js';
import type { Action, Model } from '../entities/permissions.js';

export type Access =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'permission'; model: Model; action: Action; scope: Scope }
  | { kind: 'custom'; rule: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Route options that declare who may call the route: `app.get(url, withAccess({ kind: 'auth' }), handler)`. */
export const withAccess = (access: Access) => ({ config: { access } });

export const PUBLIC = withAccess({ kind: 'public' });
