import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeptFile } from '../../cache/responseCache.js';
import { siteVersion } from '../../cache/siteVersion.js';
import { hotQuery } from '../../db/hotQuery.js';
import { notFound } from '../../errors.js';
import { type ByteRange, isMediaKey, type MediaStorage } from '../../storage/index.js';
import type { Db } from './db.js';
import { parseRenditionKey } from './renditionKeys.js';
import type { Renditions } from './renditions.js';
import { allowedType, nameForType } from './types.js';

/** The sandbox every file but a raster image is served in: no script, no requests, nothing but its own styles. */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

type Found = { mime: string; name: string | null; immutable: boolean; siteId: number; make?: () => Promise<void> };

const byThumb = hotQuery<{ tenant_id: number }, [key: string]>('select tenant_id from media where thumb_key = ?');
const byWeb = hotQuery<{ tenant_id: number }, [key: string]>('select tenant_id from media where web_key = ?');

/**
 * A rendition's or variant's bytes never change under its key (a new file or focal point
 * makes new keys), so once served whole one is kept in the response cache under its site's
 * data version (which every change of the site's library moves, db.ts), and served from
 * there while that version stands; after a change the lookup runs again, so a file whose
 * media is gone answers 404. Files up to KEPT_FILE_BYTES: thumbnails, web variants and
 * renditions, not originals.
 */
const KEPT_FILE_BYTES = 512 * 1024;

/**
 * What a key is: a thumbnail, web variant or rendition (a fresh key whenever the file is
 * replaced, so cacheable forever) or an original (its key survives a replace: revalidated).
 */
async function lookup(db: Db, renditions: Renditions, key: string): Promise<Found | undefined> {
  const rendition = parseRenditionKey(key);
  if (rendition) {
    const found = await renditions.find(key, rendition);
    return found && { mime: found.mime, name: null, immutable: true, siteId: found.siteId, make: found.make };
  }
  if (key.endsWith('.thumb.webp') || key.endsWith('.web.webp')) {
    const [row] = await (key.endsWith('.thumb.webp') ? byThumb : byWeb)(db, key);
    return row ? { mime: 'image/webp', name: null, immutable: true, siteId: row.tenant_id } : undefined;
  }
  const row = await db.selectFrom('media').select(['mime_type', 'name', 'tenant_id']).where('file_key', '=', key).executeTakeFirst();
  return row ? { mime: row.mime_type, name: row.name, immutable: false, siteId: row.tenant_id } : undefined;
}

/** `Content-Disposition` with the stored name, ASCII fallback plus RFC 5987 UTF-8. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string | null) {
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** One `bytes=` range of a file of this size; 'unsatisfiable', or undefined to send it whole. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // several ranges or nonsense: the whole file
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const etagMatches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*');

/**
 * GET /media/<key>: the stored file with its sniffed type and `nosniff`. Raster images,
 * video and audio are shown inline; SVG, PDF, ZIP and office documents are downloads named
 * with their type's extension; everything but a raster image is sandboxed by its CSP, so a
 * script in a file never runs on our origin. Files are public (keys are 128-bit random):
 * a dealer's website embeds them.
 *
 * A rendition key (renditionKeys.ts) is a raster image re-sized to one of the presets:
 * made and stored on its first request, then served like a variant.
 *
 * With a CDN in front of the bucket (MEDIA_PUBLIC_URL), raster images and variants, which
 * are served inline with no sandbox anyway, are a redirect to it; every other file still
 * comes through here, so its sandbox and download rules hold on every path.
 */
export async function serveMediaFile(db: Db, storage: MediaStorage, renditions: Renditions, key: string, req: FastifyRequest, reply: FastifyReply) {
  if (!isMediaKey(key)) throw notFound();
  const app = reply.server;
  const { responseCache } = app;
  const whole = req.headers.range === undefined && storage.publicUrl(key) === undefined;
  const entry = whole ? responseCache.peek<KeptFile>(`media|${key}`) : undefined;
  if (entry && (await siteVersion(app, entry.body.siteId)) === entry.version) {
    const kept = entry.body;
    if (etagMatches(req.headers['if-none-match'], String(kept.headers.etag))) return reply.code(304).headers(kept.headers).send();
    return reply.headers(kept.headers).headers(kept.content).send(kept.bytes);
  }
  const found = await lookup(db, renditions, key);
  if (!found) throw notFound();
  const keeps = found.immutable && whole;
  // A rendition is made on its first request, before anything (a CDN too) is sent to it.
  let stat = found.make ? await storage.stat(key) : undefined;
  if (found.make && !stat) {
    await found.make();
    stat = await storage.stat(key);
  }
  const type = allowedType(found.mime);
  const cacheControl = found.immutable ? 'public, max-age=31536000, immutable' : 'public, no-cache';
  const publicUrl = found.immutable || type?.kind === 'raster' ? storage.publicUrl(key) : undefined;
  if (publicUrl) return reply.code(302).headers({ location: publicUrl, 'cache-control': cacheControl }).send();
  stat ??= await storage.stat(key);
  if (!stat) throw notFound();

  const inline = found.immutable || (type?.inline ?? false);
  const headers: Record<string, string | number> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
    'cache-control': cacheControl,
    etag: stat.etag,
    'last-modified': stat.modified.toUTCString(),
    'accept-ranges': 'bytes',
  };
  if (etagMatches(req.headers['if-none-match'], stat.etag)) return reply.code(304).headers(headers).send();

  const range = parseRange(req.headers.range, stat.size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .headers({ ...headers, 'content-range': `bytes */${stat.size}` })
      .send({ detail: 'Requested range not satisfiable.' });
  }
  const body = await storage.get(key, range);
  if (!body) throw notFound();
  headers['content-type'] = found.mime;
  headers['content-disposition'] = contentDisposition(inline ? 'inline' : 'attachment', found.name && type ? nameForType(found.name, type) : found.name);
  if (!found.immutable && type?.kind !== 'raster') headers['content-security-policy'] = SANDBOX_CSP;
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${stat.size}`;
    headers['content-length'] = range.end - range.start + 1;
    return reply.code(206).headers(headers).send(body);
  }
  headers['content-length'] = stat.size;
  if (keeps && responseCache.enabled && stat.size <= KEPT_FILE_BYTES) {
    const bytes = Buffer.concat(await body.toArray());
    // The version first, then the row again: a change after this read moves the version past the one kept.
    const siteVersionNow = await siteVersion(app, found.siteId);
    if (siteVersionNow !== undefined && (await lookup(db, renditions, key))) {
      const { 'content-type': type, 'content-disposition': disposition, 'content-length': length, ...base } = headers;
      responseCache.set(`media|${key}`, siteVersionNow, {
        headers: base,
        content: { 'content-type': type!, 'content-disposition': disposition!, 'content-length': length! },
        bytes,
        siteId: found.siteId,
      });
    }
    return reply.headers(headers).send(bytes);
  }
  return reply.headers(headers).send(body);
}
