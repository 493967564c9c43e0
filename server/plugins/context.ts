import type { FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Model } from '../../entities/permissions.js';
import { mayUseTenant, type Principal } from '../services/principal.js';
import { accessForToken, principalForToken, type SessionAccess } from '../services/sessions.js';
import { findTenantByHost, type Tenant } from '../services/tenants.js';
import { clearCookie, type CookieOptions, readCookie } from './cookies.js';
import { asArray, MUTATING } from './security.js';

export const SESSION_COOKIE = '__mapo_session';

/** The session cookie's flags: clearing it must name the path and flags it was set with. */
export function sessionCookieOptions(req: FastifyRequest, maxAgeSeconds?: number): CookieOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

/** Tells the browser to drop its session cookie (a logout, a session the server refused). */
export const clearSessionCookie = (req: FastifyRequest, reply: FastifyReply) => clearCookie(reply, SESSION_COOKIE, sessionCookieOptions(req));

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this request is for, by its host; undefined for an unknown or inactive host. */
    tenant(): Promise<Tenant | undefined>;
    /** The signed-in user, when the session is valid and the user may work on this site. */
    principal(): Promise<Principal | undefined>;
    /**
     * The signed-in user with their permissions on `model` and the site's data version,
     * read together in one statement; undefined as for principal(), which it answers
     * too when asked first.
     */
    access(model: string): Promise<SessionAccess | undefined>;
    /** The session token the request carries (cookie or `Authorization: Token`). */
    sessionToken(): { token: string; via: 'cookie' | 'header' } | undefined;
    tenantMemo: Promise<Tenant | undefined> | null;
    principalMemo: Promise<Principal | undefined> | null;
    accessMemo: { model: string; access: Promise<SessionAccess | undefined> } | null;
  }
}

const TOKEN_HEADER = /^Token\s+(\S+)$/i;

/**
 * Models whose writes, write hooks included (server/entities/hooks.ts), touch no session,
 * user or permission: on a dealer site such a write outdates that site's data version only.
 * A model not listed (accounts, dealer sites, market settings, any new one) forgets all.
 */
const CONTENT_MODELS: ReadonlySet<Model> = new Set<Model>([
  'brand',
  'brandservice',
  'category',
  'featuredProducts',
  'media',
  'news',
  'page',
  'product',
  'promo',
  'redirect',
  'tag',
  'usedproduct',
]);
const writesContentOnly = (model: Model) => CONTENT_MODELS.has(model);

export default fp(async (app) => {
  // Memoised per request in fields of their own: requests that ask nothing pay nothing.
  app.decorateRequest('tenantMemo', null);
  app.decorateRequest('principalMemo', null);
  app.decorateRequest('accessMemo', null);

  // What this process remembers is forgotten once its own write has committed, before
  // the writer hears back: the feed's notification of it may still be on its way. A write
  // of a dealer site's content touches no session, user or permission: only that site's
  // version is read again.
  const grants = app.accessCache;
  const versions = app.siteVersions;
  if (grants && versions) {
    const forget: onSendHookHandler = (req, _reply, payload, done) => {
      const site = req.guarded?.site;
      const access = req.routeOptions.config.access;
      if (site?.kind === 'dealer' && access?.kind === 'permission' && writesContentOnly(access.model)) versions.wrote(site.id);
      else {
        grants.forget();
        versions.forget();
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      if (asArray(route.method).some((m) => MUTATING.has(m))) route.onSend = [forget, ...asArray(route.onSend)];
    });
  }

  app.decorateRequest('sessionToken', function () {
    const header = this.headers.authorization;
    if (header) {
      const token = TOKEN_HEADER.exec(header)?.[1];
      return token ? { token, via: 'header' as const } : undefined;
    }
    const cookie = readCookie(this, SESSION_COOKIE);
    return cookie ? { token: cookie, via: 'cookie' as const } : undefined;
  });

  app.decorateRequest('tenant', function () {
    return (this.tenantMemo ??= findTenantByHost(app.db, this.hostname));
  });

  app.decorateRequest('principal', function () {
    if (!this.principalMemo) {
      // Where sessions are remembered (PostgreSQL), the user alone is an access on no model.
      const access = this.accessMemo?.access ?? (app.accessCache ? this.access('') : undefined);
      this.principalMemo = access ? access.then((a) => a?.user) : principalOf(this);
    }
    return this.principalMemo;
  });

  app.decorateRequest('access', function (model: string) {
    if (this.accessMemo?.model === model) return this.accessMemo.access;
    const access = accessOf(this, model);
    this.accessMemo = { model, access };
    return access;
  });

  /** The carried token and the site, when both are there and worth a session lookup. */
  async function credentials(req: FastifyRequest) {
    const carried = req.sessionToken();
    if (!carried || carried.token.length > 200) return undefined;
    // The site first (it is cached): on an unknown host no session is looked up at all.
    const tenant = await req.tenant();
    return tenant && { token: carried.token, tenant };
  }

  const lifetime = { ttlMs: app.config.sessionTtlMs, maxMs: app.config.sessionMaxMs };

  async function principalOf(req: FastifyRequest): Promise<Principal | undefined> {
    const c = await credentials(req);
    const user = c && (await principalForToken(app.db, c.token, lifetime));
    return user && c && mayUseTenant(user, c.tenant) ? user : undefined;
  }

  async function accessOf(req: FastifyRequest, model: string): Promise<SessionAccess | undefined> {
    const c = await credentials(req);
    const memory = grants && versions && { grants, versions };
    const access = c && (await accessForToken(app.db, c.token, lifetime, model, c.tenant.id, memory));
    return access && c && mayUseTenant(access.user, c.tenant) ? access : undefined;
  }
});
