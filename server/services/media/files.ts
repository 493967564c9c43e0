import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../../db/database.js';
import { fieldError, HttpError, notFound } from '../../errors.js';
import { type MediaStorage, newMediaKey } from '../../storage/index.js';
import { MEDIA_VARIANTS } from '../jobs/kinds.js';
import { type Owner, queueJob } from '../jobs/store.js';
import { nowIso } from '../clock.js';
import { type Db, libraryTransaction, type Trx } from './db.js';
import { bumpCount, reindexTerms } from './indexes.js';
import { checkFolder, lockMediaRow, mediaDetail, staleMedia, writeTranslations } from './library.js';
import type { MediaRow } from './serialize.js';
import { sniffMimeType } from './sniff.js';
import { assertMediaYours, type MediaReader } from './usage.js';
import { type AllowedType, allowedType, hasVariants, mimeGroup } from './types.js';
import type { StagedFile } from './upload.js';
import { newTicket, type VariantsPayload } from './variantsJob.js';

export interface MediaContext {
  db: Db;
  dialect: Dialect;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}

/** Who files the upload: the site, and the user its `media_variants` job is queued for. */
export type Uploader = Owner;

const unsupported = (mime: string | undefined) =>
  new HttpError(415, {
    detail: mime
      ? `Unsupported file type "${mime}": upload an image, video, audio file, PDF, ZIP or office document.`
      : 'Unsupported file type: upload an image, video, audio file, PDF, ZIP or office document.',
  });

/**
 * Checks a staged file as far as is cheap on the request path: not empty, an allowed type by
 * its first bytes. Whether an image decodes is learnt by its `media_variants` job (variantsJob.ts).
 */
async function check(file: StagedFile): Promise<AllowedType> {
  if (file.size === 0) throw fieldError('file', 'fileEmpty');
  const mime = await sniffMimeType(file.path);
  const type = mime ? allowedType(mime) : undefined;
  if (!type) throw unsupported(mime);
  return type;
}

/** The ticket of the `media_variants` job a file of this type owes (in the row's `processing`), or null: nothing to make. */
const ticketFor = (type: AllowedType) => (hasVariants(type) ? newTicket() : null);

/** Queues the job that makes the variants of a row whose `processing` is `ticket`, in the row's transaction: never a processing row without its job. */
async function queueVariants(trx: Trx, who: Uploader, media: number, ticket: string | null) {
  if (ticket) await queueJob(trx, { ...who, kind: MEDIA_VARIANTS, payload: { media, ticket } satisfies VariantsPayload, total: 1 });
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

export interface NewMedia {
  folder: number | null;
  language: string;
  title?: string;
  alt_text?: string;
  description?: string;
}

/**
 * Files a staged upload: checks it, stores it under a generated key, then inserts the row,
 * its translation, search terms, counter and — for an image — the job that makes its variants
 * (the row is `processing` until then) in one transaction. Any failure removes what was
 * stored, so a failed upload leaves no row and no file.
 */
export async function createMedia(ctx: MediaContext, who: Uploader, file: StagedFile, input: NewMedia): Promise<MediaRow> {
  const type = await check(file);
  const { tenantId } = who;
  const name = file.name || `file.${type.ext}`;
  const fileKey = newMediaKey(type.ext);
  await ctx.storage.putFile(fileKey, file.path, { contentType: type.mime });
  try {
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
          mime_type: type.mime,
          mime_group: mimeGroup(type.mime),
          width: null,
          height: null,
          processing: ticketFor(type),
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
      await queueVariants(trx, who, row.id, row.processing);
      return row;
    });
  } catch (error) {
    await removeKeys(ctx, [fileKey]);
    throw error;
  }
}

/**
 * Replaces the file of a media item and keeps its URL: the original is stored under the
 * same key (so links keep working); the variants of the file before are removed and the new
 * file's are made by a job under new keys (so they stay cacheable forever), the row
 * `processing` meanwhile. Name, size and type follow the new file, its pixel size once the job
 * has read it; titles, alt texts and folder stay. `version`, when given, must be the current
 * one (409); a record `reader` may not see must not use it (403).
 */
export async function replaceMediaFile(
  ctx: MediaContext,
  who: Uploader,
  id: number,
  file: StagedFile,
  version: number | undefined,
  language: string,
  reader: MediaReader,
): Promise<MediaRow> {
  const type = await check(file);
  const { tenantId } = who;
  let oldVariants: string[] = [];
  const result = await libraryTransaction(ctx.db, tenantId, async (trx) => {
    const row = await lockMediaRow(trx, ctx.dialect, tenantId, id);
    if (!row) throw notFound();
    await assertMediaYours(trx, tenantId, [id], reader);
    if (version !== undefined && version !== row.version) return { stale: row };
    const mime = type.mime;
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
        width: null,
        height: null,
        thumb_key: null,
        web_key: null,
        // A new ticket: a job still making the variants of the file before keeps nothing.
        processing: ticketFor(type),
        preview_error: null,
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await reindexTerms(trx, tenantId, id);
    await queueVariants(trx, who, id, updated.processing);
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
}
