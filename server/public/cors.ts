/**
 * CORS for the delivery API (`/api/public/v1/…`, issue 15): a browser page may read it only
 * from an origin of the site it reads — https on any of the site's domains, or an origin
 * listed on the site (`api_origins`). The site is the key's (`Authorization: Bearer`) or
 * else the one the host names. Read-only and without credentials: GET and HEAD, the
 * `Authorization` header, never `Access-Control-Allow-Credentials`. Every answer says
 * `Vary: Origin`, so a shared cache keeps each origin's answer apart.
 */
import type { FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { PUBLIC } from '../access.js';
import { asArray } from '../plugins/security.js';
import { nothing, rawQuery } from '../schemas.js';
import { keySiteOf } from './keySite.js';
import { originOfSomeSite, originsOfSite } from './siteOrigins.js';

export const PUBLIC_API = '/api/public/v1/';
const READS = new Set(['GET', 'HEAD']);
/** How long a browser may reuse a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/** The site whose origins the request is judged by, if any. */
async function siteOf(req: FastifyRequest): Promise<number | undefined> {
  if (req.headers.authorization !== undefined) return keySiteOf(req.server, req);
  const site = await req.tenant();
  return site?.kind === 'dealer' ? site.id : undefined;
}

/** The request's origin when it may read the answer; a replayed answer (replay.ts) asks again. */
export async function allowedOrigin(req: FastifyRequest, preflight: boolean): Promise<string | undefined> {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const { db } = req.server;
  const site = await siteOf(req);
  if (site !== undefined) return (await originsOfSite(db, site)).has(origin) ? origin : undefined;
  // A preflight never carries the key: on a host that names no dealer site, an origin some site allows
  // may send its request, and the answer to that request is judged by the key's site.
  if (preflight && req.headers.authorization === undefined) return (await originOfSomeSite(db, origin)) ? origin : undefined;
  return undefined;
}

export default fp(async (app) => {
  const allow = (reply: FastifyReply, origin: string | undefined) => {
    // Added to what the route varies on already (a language, an encoding), not in its place.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary === undefined || vary === '' ? 'Origin' : `${String(vary)}, Origin`);
    if (origin === undefined) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', 'ETag, Retry-After');
  };

  const onRead: onSendHookHandler = (req, reply, payload, done) => {
    allowedOrigin(req, false).then(
      (origin) => {
        allow(reply, origin);
        done(null, payload);
      },
      (error: Error) => done(error),
    );
  };

  // Each delivery read gets the headers as it is added: no other route pays a hook for them.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith(PUBLIC_API) && asArray(route.method).some((m) => READS.has(m))) route.onSend = [onRead, ...asArray(route.onSend)];
  });

  app.route({
    method: 'OPTIONS',
    url: `${PUBLIC_API}*`,
    ...PUBLIC,
    schema: { params: z.object({ '*': z.string() }), querystring: rawQuery, body: nothing },
    async handler(req, reply) {
      const origin = await allowedOrigin(req, true);
      allow(reply, origin);
      if (origin !== undefined) {
        reply.header('access-control-allow-methods', 'GET, HEAD');
        reply.header('access-control-allow-headers', 'Authorization, If-None-Match');
        reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE));
      }
      return reply.code(204).send();
    },
  });
});
