/**
 * How the delivery API answers: every answer is keyed on its site's data version
 * (server/cache/dataVersions.ts, moved by every write of the site's content) and on the
 * request, so it is correct by construction.
 * - ETag `"<site>.<version>.<until>.<request>"`: `If-None-Match` with the current version
 *   answers 304 after reading only that version (remembered on PostgreSQL while the change
 *   feed is trusted, as the access cache is), never the content.
 * - The body comes from the process's response cache (server/cache/responseCache.ts) while
 *   the version stands.
 * - Content with a time window is true only until its next boundary (`until`): the ETag
 *   carries it, the cached body is dropped at it, and max-age and stale-while-revalidate
 *   never reach past it.
 * - `Surrogate-Key` and `Cache-Tag` name the site, so a CDN can purge one site.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataVersionOf } from '../cache/dataVersions.js';

export interface Answer {
  body: unknown;
  /** When the answer stops being true (ms), if it ever does without a write. */
  until?: number;
}

const memo = new WeakMap<FastifyInstance, Map<number, { version: string | undefined; generation: number }>>();

/** The site's data version; on PostgreSQL remembered until the change feed hears of any change. */
async function siteVersion(app: FastifyInstance, tenantId: number): Promise<string | undefined> {
  const cache = app.accessCache;
  const trusted = () => app.changeFeed?.trusted === true;
  if (!cache) return dataVersionOf(app.db, tenantId);
  let versions = memo.get(app);
  if (!versions) {
    versions = new Map();
    memo.set(app, versions);
  }
  const generation = cache.generation;
  const hit = versions.get(tenantId);
  if (hit && hit.generation === generation && trusted()) return hit.version;
  const version = await dataVersionOf(app.db, tenantId);
  if (cache.generation === generation && trusted()) versions.set(tenantId, { version, generation });
  return version;
}

const requestHash = (url: string) => createHash('sha1').update(url).digest('base64url').slice(0, 16);

function cacheHeaders(reply: FastifyReply, tenantId: number, until: number, now: number) {
  const { maxAgeSeconds, staleSeconds } = reply.server.config.publicApi;
  const left = until ? Math.max(0, Math.floor((until - now) / 1000)) : Infinity;
  const maxAge = Math.min(maxAgeSeconds, left);
  const stale = Math.min(staleSeconds, left - maxAge);
  const tag = `site-${tenantId}`;
  reply.header('cache-control', `public, max-age=${maxAge}, stale-while-revalidate=${stale}`);
  reply.header('surrogate-key', tag);
  reply.header('cache-tag', tag);
}

/** Whether an If-None-Match header names this answer, still true at `now`. */
function revalidates(header: string | undefined, prefix: string, hash: string, now: number) {
  if (!header) return undefined;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (!tag.startsWith(prefix) || !tag.endsWith(`.${hash}"`)) continue;
    const until = parseInt(tag.slice(prefix.length, -hash.length - 2), 36);
    if (Number.isFinite(until) && (until === 0 || until > now)) return until;
  }
  return undefined;
}

/** Sends the answer `make` gives for this request on this site, or 304, with the cache headers above. */
export async function sendPublic(req: FastifyRequest, reply: FastifyReply, tenantId: number, make: () => Promise<Answer>): Promise<FastifyReply> {
  const now = Date.now();
  const version = await siteVersion(req.server, tenantId);
  const hash = requestHash(req.url);
  const prefix = `"${tenantId}.${version}.`;
  if (version !== undefined) {
    const until = revalidates(req.headers['if-none-match'], prefix, hash, now);
    if (until !== undefined) {
      cacheHeaders(reply, tenantId, until, now);
      return reply
        .code(304)
        .header('etag', `${prefix}${until.toString(36)}.${hash}"`)
        .send();
    }
  }
  const { responseCache } = req.server;
  const key = `${tenantId}|public|${req.url}`;
  // Stored as `<until>;<json>`: the moment it stops being true travels with the body.
  const stored = version === undefined ? undefined : responseCache.get(key, version);
  const cut = stored?.indexOf(';') ?? -1;
  let until = stored ? Number(stored.slice(0, cut)) : 0;
  let body = stored && (until === 0 || until > now) ? stored.slice(cut + 1) : undefined;
  if (body === undefined) {
    const answer = await make();
    until = answer.until ?? 0;
    body = JSON.stringify(answer.body);
    if (version !== undefined) responseCache.set(key, version, `${until};${body}`);
  }
  cacheHeaders(reply, tenantId, until, now);
  if (version !== undefined) reply.header('etag', `${prefix}${until.toString(36)}.${hash}"`);
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends a body that changes only with the deployment (the OpenAPI document), with the same
 * cache headers: its ETag is its own hash, so no content write outdates it and a new
 * version of the server does.
 */
export function sendFixed(req: FastifyRequest, reply: FastifyReply, tenantId: number, body: string): FastifyReply {
  const etag = `"doc.${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
  cacheHeaders(reply, tenantId, 0, Date.now());
  reply.header('etag', etag);
  const asked = req.headers['if-none-match']?.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (asked?.includes(etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
