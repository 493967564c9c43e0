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
 * - A redirect (`route` of a moved path) is an answer like the others: 301, cached while the
 *   version stands, so resolving a path costs the same whether it moved or not.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteVersion } from '../cache/siteVersion.js';

export interface Answer {
  body: unknown;
  /** When the answer stops being true (ms), if it ever does without a write. */
  until?: number;
  /** A permanent redirect there (the body says `{location}`): cached like any answer, with no ETag to revalidate. */
  location?: string;
}

const requestHash = (url: string) => createHash('sha1').update(url).digest('base64url').slice(0, 16);

/** How long a client or CDN may keep an answer true until `until` (0: no boundary). */
export function cacheControl(app: FastifyInstance, until: number, now: number): string {
  const { maxAgeSeconds, staleSeconds } = app.config.publicApi;
  const left = until ? Math.max(0, Math.floor((until - now) / 1000)) : Infinity;
  const maxAge = Math.min(maxAgeSeconds, left);
  const stale = Math.min(staleSeconds, left - maxAge);
  return `public, max-age=${maxAge}, stale-while-revalidate=${stale}`;
}

function cacheHeaders(reply: FastifyReply, tenantId: number, until: number, now: number) {
  const tag = `site-${tenantId}`;
  reply.header('cache-control', cacheControl(reply.server, until, now));
  reply.header('surrogate-key', tag);
  reply.header('cache-tag', tag);
}

/** Whether an If-None-Match header names this answer, still true at `now`. */
export function revalidates(header: string | undefined, prefix: string, hash: string, now: number) {
  if (!header) return undefined;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (!tag.startsWith(prefix) || !tag.endsWith(`.${hash}"`)) continue;
    const until = parseInt(tag.slice(prefix.length, -hash.length - 2), 36);
    if (Number.isFinite(until) && (until === 0 || until > now)) return until;
  }
  return undefined;
}

/** What identifies an answer besides its site: the request's URL, and its origin where the body names it. */
export interface AnswerOptions {
  /** The body's media type; a body that is not JSON is given as text. */
  type?: string;
  /** The body names the request's own origin (robots.txt, sitemaps): it is part of the key. */
  byOrigin?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** What an answer sent from the cacheable path was made of besides its headers and body: replay.ts keeps it with them. */
export interface Sent {
  siteId: number;
  version: string;
  until: number;
  /** The request's part of the ETag. */
  hash: string;
}
const sent = new WeakMap<FastifyRequest, Sent>();
/** The request's answer, when it was sent from what the cache holds (or a 304) and only the request's URL names it. */
export const sentAnswer = (req: FastifyRequest): Sent | undefined => sent.get(req);

/** The answer's key and validators, or the 304 sent when the client holds it already. */
async function validate(req: FastifyRequest, reply: FastifyReply, tenantId: number, opts: AnswerOptions) {
  const now = Date.now();
  const version = await siteVersion(req.server, tenantId);
  const request = opts.byOrigin ? `${req.protocol}://${req.host}${req.url}` : req.url;
  const hash = requestHash(request);
  const prefix = `"${tenantId}.${version}.`;
  const etag = (until: number) => `${prefix}${until.toString(36)}.${hash}"`;
  if (version !== undefined) {
    const until = revalidates(req.headers['if-none-match'], prefix, hash, now);
    if (until !== undefined) {
      if (!opts.byOrigin) sent.set(req, { siteId: tenantId, version, until, hash });
      cacheHeaders(reply, tenantId, until, now);
      return { notModified: reply.code(304).header('etag', etag(until)).send() } as const;
    }
  }
  return { notModified: undefined, now, version, key: `${tenantId}|public|${request}`, etag, hash } as const;
}

/** Sends the answer `make` gives for this request on this site, or 304, with the cache headers above. */
export async function sendPublic(
  req: FastifyRequest,
  reply: FastifyReply,
  tenantId: number,
  make: () => Promise<Answer>,
  opts: AnswerOptions = {},
): Promise<FastifyReply> {
  const v = await validate(req, reply, tenantId, opts);
  if (v.notModified) return v.notModified;
  const { now, version, key, etag, hash } = v;
  const { responseCache } = req.server;
  // Stored as `<until>;<status>;<body>`: when it stops being true and what it is travel with the body.
  const stored = version === undefined ? undefined : responseCache.get(key, version);
  const cut = stored?.indexOf(';') ?? -1;
  const cut2 = stored?.indexOf(';', cut + 1) ?? -1;
  let until = stored ? Number(stored.slice(0, cut)) : 0;
  let moved = stored?.slice(cut + 1, cut2) === '301';
  let body = stored && (until === 0 || until > now) ? stored.slice(cut2 + 1) : undefined;
  if (body === undefined) {
    const answer = await make();
    until = answer.until ?? 0;
    moved = answer.location !== undefined;
    body = opts.type ? String(answer.body) : JSON.stringify(answer.body);
    if (version !== undefined) responseCache.set(key, version, `${until};${moved ? 301 : 200};${body}`);
  }
  cacheHeaders(reply, tenantId, until, now);
  if (version !== undefined && !opts.byOrigin) sent.set(req, { siteId: tenantId, version, until, hash });
  if (moved)
    return reply
      .code(301)
      .header('location', (JSON.parse(body) as { location: string }).location)
      .type(JSON_TYPE)
      .send(body);
  if (version !== undefined) reply.header('etag', etag(until));
  return reply.type(opts.type ?? JSON_TYPE).send(body);
}

/**
 * The same for an answer too large to hold (a sitemap file): validated and tagged alike, its
 * body streamed as `open` reads it, never cached whole. `open` runs after the 304 check, so a
 * revalidation still reads only the data version.
 */
export async function sendPublicStream(
  req: FastifyRequest,
  reply: FastifyReply,
  tenantId: number,
  open: () => Promise<{ stream: Readable; until?: number }>,
  opts: AnswerOptions & { type: string },
): Promise<FastifyReply> {
  const v = await validate(req, reply, tenantId, opts);
  if (v.notModified) return v.notModified;
  const { stream, until = 0 } = await open();
  cacheHeaders(reply, tenantId, until, v.now);
  if (v.version !== undefined) reply.header('etag', v.etag(until));
  return reply.type(opts.type).send(stream);
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
