import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../../db/database.js';
import { fieldError, HttpError, notFound } from '../../errors.js';
import { type MediaStorage, newMediaKey } from '../../storage/index.js';
import { nowIso } from '../clock.js';
import { type Db, libraryTransaction } from './db.js';
import { InvalidImageError } from './images.js';
import { type ImagePool, ImageTimeoutError } from './imagePool.js';
import { bumpCount, reindexTerms } from './indexes.js';
import { checkFolder, lockMediaRow, mediaDetail, staleMedia, writeTranslations } from './library.js';
import type { MediaRow } from './serialize.js';
import { sniffMimeType } from './sniff.js';
import { assertMediaYours, type MediaReader } from './usage.js';
import { type AllowedType, allowedType, mimeGroup } from './types.js';
import type { StagedFile } from './upload.js';

export interface MediaContext {
  db: Db;
  dialect: Dialect;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  images: ImagePool;
}

/** A checked upload: its type, size in pixels, and its variants written beside it in staging. */
interface Prepared {
  type: AllowedType;
  width: number | null;
  height: number | null;
  thumbnail?: string;
  web?: string;
}

const unsupported = (mime: string | undefined) =>
  new HttpError(415, {
    detail: mime
      ? `Unsupported file type "${mime}": upload an image, video, audio file, PDF, ZIP or office document.`
      : 'Unsupported file type: upload an image, video, audio file, PDF, ZIP or office document.',
  });

/** Checks a staged file (not empty, an allowed type by its bytes, a decodable image) and makes its variants. */
async function prepare(images: ImagePool, file: StagedFile): Promise<Prepared> {
  if (file.size === 0) throw fieldError('file', 'fileEmpty');
  const mime = await sniffMimeType(file.path);
  const type = mime ? allowedType(mime) : undefined;
  if (!type) throw unsupported(mime);
  if (type.kind !== 'raster' && type.kind !== 'svg') return { type, width: null, height: null };
  const out = { thumbnail: `${file.path}.thumb.webp`, web: `${file.path}.web.webp` };
  try {
    const r = await images.process(file.path, type, out);
    return {
      type,
      width: r.width,
      height: r.height,
      thumbnail: r.thumbnail ? out.thumbnail : undefined,
      web: r.web ? out.web : undefined,
    };
  } catch (error) {
    await discardVariants({ thumbnail: out.thumbnail, web: out.web });
    // Abandoned over its time limit: refused as an unreadable image is.
    if (error instanceof ImageTimeoutError) throw fieldError('file', 'imageSlow');
    if (error instanceof InvalidImageError) throw fieldError('file', 'imageInvalid');
    throw error;
  }
}

async function discardVariants(p: { thumbnail?: string; web?: string }) {
  await Promise.all([p.thumbnail, p.web].filter((f): f is string => !!f).map((f) => fsp.rm(f, { force: true })));
}

/** Removes stored objects, logging (not throwing) failures: used after the database has moved on. */
export async function removeKeys(ctx: Pick<MediaContext, 'storage' | 'log'>, keys: string[]) {
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      await ctx.storage.delete(key).catch((error) => ctx.log.error({ err: error, key }, 'could not delete a media file'));
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
}

const WEBP = { contentType: 'image/webp' };

/** Moves the variants into storage under fresh keys. */
async function storeVariants(ctx: MediaContext, prepared: Prepared, stored: string[]) {
  const keys: { thumb_key: string | null; web_key: string | null } = { thumb_key: null, web_key: null };
  if (prepared.thumbnail) {
    const key = newMediaKey('thumb.webp');
    await ctx.storage.putFile(key, prepared.thumbnail, WEBP);
    stored.push(key);
    keys.thumb_key = key;
  }
  if (prepared.web) {
    const key = newMediaKey('web.webp');
    await ctx.storage.putFile(key, prepared.web, WEBP);
    stored.push(key);
    keys.web_key = key;
  }
  return keys;
}

export interface NewMedia {
  folder: number | null;
  language: string;
  title?: string;
  alt_text?: string;
  description?: string;
}

/**
 * Files a staged upload: checks it, stores it and its variants under generated keys, then
 * inserts the row, its translation, search terms and counter in one transaction. Any
 * failure removes what was stored, so a failed upload leaves no row and no file.
 */
export async function createMedia(ctx: MediaContext, tenantId: number, file: StagedFile, input: NewMedia): Promise<MediaRow> {
  const prepared = await prepare(ctx.images, file);
  const stored: string[] = [];
  try {
    const name = file.name || `file.${prepared.type.ext}`;
    const fileKey = newMediaKey(prepared.type.ext);
    await ctx.storage.putFile(fileKey, file.path, { contentType: prepared.type.mime });
    stored.push(fileKey);
    const variants = await storeVariants(ctx, prepared, stored);
    const now = nowIso();
    return await libraryTransaction(ctx.db, tenantId, async (trx) => {
      await checkFolder(trx, ctx.dialect, tenantId, input.folder);
      const row = await trx
        .insertInto('media')
        .values({
          tenant_id: tenantId,
          folder_id: input.folder,
          file_key: fileKey,
          name,
          size: file.size,
          mime_type: prepared.type.mime,
          mime_group: mimeGroup(prepared.type.mime),
          width: prepared.width,
          height: prepared.height,
          ...variants,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeTranslations(trx, row.id, {
        [input.language]: {
          title: input.title ?? name,
          alt_text: input.alt_text ?? name,
          description: input.description ?? '',
        },
      });
      await reindexTerms(trx, tenantId, row.id);
      await bumpCount(trx, tenantId, row.folder_id, row.mime_type, 1);
      return row;
    });
  } catch (error) {
    await removeKeys(ctx, stored);
    throw error;
  } finally {
    await discardVariants(prepared);
  }
}

/**
 * Replaces the file of a media item and keeps its URL: the original is stored under the
 * same key (so links keep working), the thumbnail and web variant get new keys (so they
 * stay cacheable forever). Name, size, type and pixel size follow the new file; titles,
 * alt texts and folder stay. `version`, when given, must be the current one (409); a
 * record `reader` may not see must not use it (403).
 */
export async function replaceMediaFile(
  ctx: MediaContext,
  tenantId: number,
  id: number,
  file: StagedFile,
  version: number | undefined,
  language: string,
  reader: MediaReader,
): Promise<MediaRow> {
  const prepared = await prepare(ctx.images, file);
  const stored: string[] = [];
  let oldVariants: string[] = [];
  try {
    const variants = await storeVariants(ctx, prepared, stored);
    const result = await libraryTransaction(ctx.db, tenantId, async (trx) => {
      const row = await lockMediaRow(trx, ctx.dialect, tenantId, id);
      if (!row) throw notFound();
      await assertMediaYours(trx, tenantId, [id], reader);
      if (version !== undefined && version !== row.version) return { stale: row };
      const mime = prepared.type.mime;
      if (mime !== row.mime_type) {
        await bumpCount(trx, tenantId, row.folder_id, row.mime_type, -1);
        await bumpCount(trx, tenantId, row.folder_id, mime, 1);
      }
      const updated = await trx
        .updateTable('media')
        .set((eb) => ({
          name: file.name || row.name,
          size: file.size,
          mime_type: mime,
          mime_group: mimeGroup(mime),
          width: prepared.width,
          height: prepared.height,
          ...variants,
          updated_at: nowIso(),
          version: eb('version', '+', 1),
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await reindexTerms(trx, tenantId, id);
      // Last, inside the transaction: if the file cannot be stored the row is not changed.
      await ctx.storage.putFile(row.file_key, file.path, { contentType: mime });
      oldVariants = [row.thumb_key, row.web_key].filter((k): k is string => !!k);
      return { updated };
    });
    if ('stale' in result) {
      throw staleMedia(await mediaDetail(ctx.db, tenantId, result.stale!, language, reader));
    }
    await removeKeys(ctx, oldVariants);
    return result.updated;
  } catch (error) {
    await removeKeys(ctx, stored);
    throw error;
  } finally {
    await discardVariants(prepared);
  }
}
