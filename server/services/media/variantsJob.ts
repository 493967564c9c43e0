/**
 * The `media_variants` job (docs/decisions.md §34): makes the thumbnail and web variant of
 * an uploaded image off the request path. Its `prepare` copies the stored original into the
 * staging folder, has the ImagePool's child processes make the variants and stores them under
 * fresh keys; its batch, in the transaction that ends the job, writes the keys and pixel size
 * into the row and clears `processing`. A runner that dies in between leaves the row
 * processing and the job leased: it runs again from the start when the lease runs out (what
 * the dead run stored belongs to no row; the debris sweep removes it). A job whose ticket the
 * row no longer holds (the file was replaced, or deleted) keeps nothing.
 *
 * An image that turns out unreadable (or over the pool's time limit) is filed as a file
 * without a preview, as an oversized SVG is: no variants, no pixel size; the row keeps why
 * (`preview_error`, a problem code) and the job's report says it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { bumpDataVersion } from '../../cache/dataVersions.js';
import type { PreviewError } from '../../../entities/problems.js';
import { problemText } from '../../problemText.js';
import { newMediaKey } from '../../storage/index.js';
import { type JobKind, MEDIA_VARIANTS } from '../jobs/kinds.js';
import { type MediaContext, removeKeys } from './files.js';
import { InvalidImageError } from './images.js';
import { type ImagePool, ImageTimeoutError } from './imagePool.js';
import { type AllowedType, allowedType } from './types.js';

export interface VariantsPayload {
  media: number;
  /** The row's `processing` when the job was queued: the job writes only while the row still holds it. */
  ticket: string;
}

export const newTicket = () => randomBytes(16).toString('hex');

interface Variants {
  width: number | null;
  height: number | null;
  thumb_key: string | null;
  web_key: string | null;
}

/** What prepare made: the variants, why there are none, or nothing (the row no longer waits for this job). */
type Made = { variants: Variants } | { unreadable: PreviewError } | undefined;

export interface VariantsContext extends MediaContext {
  images: ImagePool;
  stagingDir: string;
}

const WEBP = { contentType: 'image/webp' };

async function storeVariant(ctx: VariantsContext, file: string, suffix: string, stored: string[]) {
  const key = newMediaKey(suffix);
  await ctx.storage.putFile(key, file, WEBP);
  stored.push(key);
  return key;
}

async function makeVariants(ctx: VariantsContext, fileKey: string, type: AllowedType): Promise<Made> {
  const base = path.join(ctx.stagingDir, `${randomBytes(16).toString('hex')}.variants`);
  const original = `${base}.original`;
  const out = { thumbnail: `${base}.thumb.webp`, web: `${base}.web.webp` };
  try {
    const body = await ctx.storage.get(fileKey);
    if (!body) return { unreadable: 'imageInvalid' };
    await fsp.mkdir(ctx.stagingDir, { recursive: true });
    await pipeline(body, fs.createWriteStream(original, { flags: 'wx' }));
    let r;
    try {
      r = await ctx.images.process(original, type, out);
    } catch (error) {
      // Unreadable, or abandoned over its time limit: no preview, and the upload's refusal of old as the report's line. Anything else is retried.
      if (error instanceof ImageTimeoutError) return { unreadable: 'imageSlow' };
      if (error instanceof InvalidImageError) return { unreadable: 'imageInvalid' };
      throw error;
    }
    const stored: string[] = [];
    try {
      const thumb_key = r.thumbnail ? await storeVariant(ctx, out.thumbnail, 'thumb.webp', stored) : null;
      const web_key = r.web ? await storeVariant(ctx, out.web, 'web.webp', stored) : null;
      return { variants: { width: r.width, height: r.height, thumb_key, web_key } };
    } catch (error) {
      await removeKeys(ctx, stored);
      throw error;
    }
  } finally {
    await Promise.all([original, out.thumbnail, out.web].map((f) => fsp.rm(f, { force: true })));
  }
}

export function mediaVariantsKind(ctx: VariantsContext): JobKind<Made> {
  return {
    name: MEDIA_VARIANTS,
    async prepare(job) {
      const { media, ticket } = job.payload as VariantsPayload;
      const row = await ctx.db
        .selectFrom('media')
        .select(['file_key', 'mime_type'])
        .where('tenant_id', '=', job.tenantId)
        .where('id', '=', media)
        .where('processing', '=', ticket)
        .executeTakeFirst();
      if (!row) return undefined;
      const type = allowedType(row.mime_type);
      return type ? makeVariants(ctx, row.file_key, type) : { unreadable: 'imageInvalid' };
    },
    async batch(trx, job, made) {
      const { media, ticket } = job.payload as VariantsPayload;
      const ended = { checkpoint: null, done: 1, finished: true };
      if (!made) return { ...ended, problems: [] };
      // Only while the row still waits for this job: checked by the UPDATE itself, no lock to take first.
      const kept = await trx
        .updateTable('media')
        .set({ ...('variants' in made ? made.variants : {}), processing: null, preview_error: 'unreadable' in made ? made.unreadable : null })
        .where('tenant_id', '=', job.tenantId)
        .where('id', '=', media)
        .where('processing', '=', ticket)
        .executeTakeFirst();
      if (Number(kept.numUpdatedRows) !== 1) {
        if ('variants' in made)
          await removeKeys(
            ctx,
            [made.variants.thumb_key, made.variants.web_key].filter((k): k is string => !!k),
          );
        return { ...ended, problems: [] };
      }
      await bumpDataVersion(trx, job.tenantId);
      return { ...ended, problems: 'unreadable' in made ? [{ ref: String(media), field: 'file', message: problemText({ code: made.unreadable }) }] : [] };
    },
  };
}
