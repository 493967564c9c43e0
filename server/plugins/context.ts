import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mayUseTenant, type Principal } from '../services/principal.js';
import { principalForToken } from '../services/sessions.js';
import { findTenantByHost, type Tenant } from '../services/tenants.js';

export const SESSION_COOKIE = '__mapo_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this request is for, by its host; undefined for an unknown or inactive host. */
    tenant(): Promise<Tenant | undefined>;
    /** The signed-in user, when the session is valid and the user may work on this site. */
    principal(): Promise<Principal | undefined>;
    /** The session token the request carries (cookie or `Authorization: Token`). */
    sessionToken(): { token: string; via: 'cookie' | 'header' } | undefined;
    memo: Map<string, Promise<unknown>> | null;
  }
}

/** Memoised per request; the map is made on first use, so requests that ask nothing pay nothing. */
function once<T>(req: FastifyRequest, key: string, make: () => Promise<T>): Promise<T> {
  const map = (req.memo ??= new Map());
  let p = map.get(key) as Promise<T> | undefined;
  if (!p) {
    p = make();
    map.set(key, p);
  }
  return p;
}

export default fp(async (app) => {
  app.decorateRequest('memo', null);

  app.decorateRequest('sessionToken', function () {
    const header = this.headers.authorization;
    if (header) {
      const m = /^Token\s+(\S+)$/i.exec(header);
      return m ? { token: m[1], via: 'header' as const } : undefined;
    }
    const cookie = this.cookies[SESSION_COOKIE];
    return cookie ? { token: cookie, via: 'cookie' as const } : undefined;
  });

  app.decorateRequest('tenant', function () {
    return once(this, 'tenant', () => findTenantByHost(app.db, this.hostname));
  });

  app.decorateRequest('principal', function () {
    return once(this, 'principal', async () => {
      const carried = this.sessionToken();
      if (!carried || carried.token.length > 200) return undefined;
      const [tenant, user] = await Promise.all([
        this.tenant(),
        principalForToken(app.db, carried.token, app.config.sessionTtlMs),
      ]);
      return tenant && user && mayUseTenant(user, tenant) ? user : undefined;
    });
  });
});
