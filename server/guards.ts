/**
 * The one guard: what a route's `config.access` (server/access.ts) declares, enforced before
 * its schemas are checked and its handler runs (installed on every route by
 * plugins/security.ts). It answers 404 for an unknown site or one whose kind the route's
 * scope does not serve, 401 signed out, 404 for a page hidden from the user, 403 without the
 * permission — in that order — and hands the handler the site and user it resolved.
 * Rules that depend on the row (anti-escalation, market bounds) stay with the services.
 */
import type { FastifyRequest } from 'fastify';
import { type Action, codename } from '../entities/permissions.js';
import type { Access } from './access.js';
import { scopeAllows } from './entities/context.js';
import { forbidden, notFound, unauthorized } from './errors.js';
import { siteOfRequest } from './public/siteOfRequest.js';
import type { Principal } from './services/principal.js';
import type { Tenant } from './services/tenants.js';

/** What the guard resolved: the site always (a dealer site on `delivery` routes), the user on `auth` and `permission` routes. */
export interface Guarded {
  site: Tenant;
  user: Principal | undefined;
  /** On a `permission` route: the user's permission codenames on its model (a superuser's are not consulted). */
  codenames?: readonly string[];
  /** On a `permission` route: the site's data version, read with the session (cache/dataVersions.ts). */
  dataVersion?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's guard before its handler runs; null on a public route. */
    guarded: Guarded | null;
  }
}

export type Guard = (req: FastifyRequest) => Promise<void>;

async function knownSite(req: FastifyRequest): Promise<Tenant> {
  const site = await req.tenant();
  if (!site) throw notFound('Unknown site.');
  return site;
}

/** The guard a declaration asks for; none for a public route. */
export function guardOf(access: Access | undefined): Guard | undefined {
  switch (access?.kind) {
    case undefined:
    case 'public':
      return undefined;
    case 'site':
      return async (req) => {
        req.guarded = { site: await knownSite(req), user: undefined };
      };
    case 'delivery':
      return async (req) => {
        req.guarded = { site: await siteOfRequest(req, { byHost: access.byHost === true }), user: undefined };
      };
    case 'auth':
      return async (req) => {
        const site = await knownSite(req);
        const user = await req.principal();
        if (!user) throw unauthorized();
        req.guarded = { site, user };
      };
    case 'permission': {
      const { model, scope, superuserOnly, notForRoles } = access;
      const wanted = [access.action].flat().map((action) => codename(action, model));
      return async (req) => {
        const site = await knownSite(req);
        if (!scopeAllows(scope, site.kind)) throw notFound();
        // One read with the session: the user's permissions on the model and the site's data version.
        const found = await req.access(model);
        if (!found) throw unauthorized();
        const { user } = found;
        if (!user.is_superuser) {
          // docs/spec.md §6: a page hidden from someone is not found for them, whatever they hold.
          if (superuserOnly || (user.role && notForRoles?.includes(user.role))) throw notFound();
          if (!wanted.some((c) => found.codenames.includes(c))) throw forbidden();
        }
        req.guarded = { site, user, codenames: found.codenames, dataVersion: found.dataVersion };
      };
    }
  }
}

/**
 * On a route whose declaration lets through any of several actions: 403 unless the user
 * holds every one of `actions` on `model` (what the request turned out to ask for).
 */
export function requireActions(req: FastifyRequest, model: string, actions: readonly Action[]): void {
  const g = req.guarded;
  if (!g?.user || !g.codenames) throw new Error(`${req.method} ${req.routeOptions.url}: no permission guard resolved a user`);
  if (g.user.is_superuser) return;
  if (!actions.every((action) => g.codenames!.includes(codename(action, model)))) throw forbidden();
}

/** The site the route's guard resolved (any declaration but `public`). */
export function guardedSite(req: FastifyRequest): Tenant {
  if (!req.guarded) throw new Error(`${req.method} ${req.routeOptions.url}: no guard resolved a site`);
  return req.guarded.site;
}

/** The site and signed-in user the route's guard resolved (`auth` and `permission` routes). */
export function signedIn(req: FastifyRequest): { site: Tenant; user: Principal } {
  const g = req.guarded;
  if (!g?.user) throw new Error(`${req.method} ${req.routeOptions.url}: no guard resolved a user`);
  return { site: g.site, user: g.user };
}
