/**
 * Delivery answers replayed before the route's own work (issue 15: the delivery API must be
 * the fastest thing we serve; docs/decisions.md §49). An answer that sendPublic sent from what
 * it could cache (cache.ts: a 200 or 301, or a 304) is kept as it went out — its status, its
 * headers in their order, its body's bytes — in the response cache under the site's data
 * version, keyed on the site, the request's Origin and its URL, the only things such an
 * answer depends on. The next GET with that key is checked as the route checks it, with the
 * same functions and the same few seconds of caching behind them: the site (host or key,
 * siteOfRequest.ts; a revoked key moves no version), the site's data version, the answer's
 * time boundary, the Origin's CORS decision (cors.ts) and If-None-Match. Then it is
 * written from here, without the query's schema, the handler, the ETag's hash or the hooks
 * that put the headers together. The rate limit, an earlier hook, counts it like any request.
 * Anything else — nothing kept, another version, a boundary passed, a refusal — goes the
 * route's way, which answers and keeps the answer afresh.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kept } from '../cache/responseCache.js';
import { asArray } from '../plugins/security.js';
import { siteVersion } from '../cache/siteVersion.js';
import { cacheControl, revalidates, sentAnswer } from './cache.js';
import { allowedOrigin } from './cors.js';
import { siteOfRequest } from './siteOfRequest.js';

interface Replay extends Kept {
  status: number;
  until: number;
  /** The request's part of the ETag. */
  hash: string;
  /** Names and values as they went out, flat; cache-control and etag are made again for each replay. */
  headers: string[];
}

const KEPT_STATUSES = new Set([200, 301, 304]);

/** The value of a kept header, if it went out (names are lower case, as Fastify keeps them). */
function keptHeader(kept: Replay, name: string): string | undefined {
  for (let i = 0; i < kept.headers.length; i += 2) if (kept.headers[i] === name) return kept.headers[i + 1];
  return undefined;
}

/** A 304 is kept apart from the answer it stands for: each has its own headers. A header value never holds a newline. */
const keyOf = (siteId: number, req: FastifyRequest, status: 'answer' | 'revalidation') => `${siteId}|replay|${status}|${req.headers.origin ?? ''}\n${req.url}`;

/** The kept answer this request would get from its route now, if there is one. */
async function replayable(app: FastifyInstance, req: FastifyRequest) {
  let siteId: number;
  try {
    siteId = (await siteOfRequest(req)).id;
  } catch {
    return undefined;
  }
  const version = await siteVersion(app, siteId);
  if (version === undefined) return undefined;
  const { responseCache } = app;
  const asked = req.headers['if-none-match'];
  const answer = responseCache.get<Replay>(keyOf(siteId, req, 'answer'), version);
  const revalidation = asked === undefined ? undefined : responseCache.get<Replay>(keyOf(siteId, req, 'revalidation'), version);
  const hash = (answer ?? revalidation)?.hash;
  if (hash === undefined) return undefined;
  const now = Date.now();
  const prefix = `"${siteId}.${version}.`;
  const held = revalidates(asked, prefix, hash, now);
  const kept = held === undefined ? answer : revalidation;
  if (!kept || (held === undefined && kept.until !== 0 && kept.until <= now)) return undefined;
  // The Origin the answer allowed (cors.ts) must be the one this request is allowed now.
  if (req.headers.origin !== undefined && (await allowedOrigin(req, false)) !== keptHeader(kept, 'access-control-allow-origin')) return undefined;
  const until = held ?? kept.until;
  return { kept, now, until, etag: `${prefix}${until.toString(36)}.${hash}"` };
}

const replay: onRequestAsyncHookHandler = async function (req, reply) {
  if (req.method !== 'GET' || !this.responseCache.enabled) return;
  const found = await replayable(this, req);
  if (!found) return;
  const { kept, now, until, etag } = found;
  const headers: string[] = [];
  for (let i = 0; i < kept.headers.length; i += 2) {
    const name = kept.headers[i]!;
    headers.push(name, name === 'cache-control' ? cacheControl(this, until, now) : name === 'etag' ? etag : kept.headers[i + 1]!);
  }
  if (kept.status !== 304) headers.push('content-length', String(kept.bytes.byteLength));
  reply.hijack();
  reply.raw.writeHead(kept.status, headers);
  reply.raw.end(kept.status === 304 ? undefined : kept.bytes);
};

/** The last onSend of the route: the answer as it goes out, kept when sendPublic sent it from the cacheable path. */
const keep: onSendHookHandler = (req, reply, payload, done) => {
  const sent = req.method === 'GET' ? sentAnswer(req) : undefined;
  const status = reply.statusCode;
  if (sent && KEPT_STATUSES.has(status) && (status === 304 || typeof payload === 'string')) {
    const headers: string[] = [];
    let flat = true;
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (name === 'content-length') continue;
      if (typeof value !== 'string' && typeof value !== 'number') flat = false;
      headers.push(name, String(value));
    }
    if (flat)
      req.server.responseCache.set(keyOf(sent.siteId, req, status === 304 ? 'revalidation' : 'answer'), sent.version, {
        status,
        until: sent.until,
        hash: sent.hash,
        headers,
        bytes: Buffer.from(typeof payload === 'string' ? payload : ''),
      } satisfies Replay);
  }
  done(null, payload);
};

/** Equips each delivery read of a site's content (not its host's files: robots.txt, sitemaps) as it is added. */
export default fp(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access?.kind !== 'delivery' || access.byHost || !asArray(route.method).includes('GET')) return;
    route.onRequest = [...asArray(route.onRequest), replay];
    route.onSend = [...asArray(route.onSend), keep];
  });
});
