import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../../storage/index.js';
import type { Db } from './db.js';
import { parseRenditionKey, renditionStamp, stemOf } from './renditionKeys.js';
import { RASTER_EXTS } from './types.js';

/**
 * What a process killed mid-upload leaves behind, and how it is found again, on either
 * store (server/storage/):
 *
 * - staged uploads in `tmp/uploads` (the body was being received or checked);
 * - stored objects without a media row: createMedia stores the file and its variants first
 *   and inserts the row after, and deleteMedia removes the row first and the files after;
 * - renditions of a replaced file or an old focal point, or of a deleted media item: their
 *   URLs answer 404 from the change on, and the objects go with the next sweep;
 * - unfinished puts: `.part` files on disk, multipart uploads never completed in a bucket.
 *
 * A live upload's files are never older than the upload timeout (the body must arrive
 * within it, and a staged or stored file's time is when its last byte was written), so
 * only older ones are debris: another instance sharing the store may be uploading now.
 * An object is removed only when no media row names it, looked up just before.
 */
export interface DebrisReport {
  staged: number;
  orphans: number;
  parts: number;
}

/** Stored objects looked up at once. */
const BATCH = 500;

async function listDir(dir: string) {
  return fsp.readdir(dir).catch(() => [] as string[]);
}

/** Removes staged uploads older than `olderThanMs`; returns how many. */
export async function sweepStaging(stagingDir: string, olderThanMs: number): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of await listDir(stagingDir)) {
    const file = path.join(stagingDir, name);
    const st = await fsp.stat(file).catch(() => undefined);
    if (st?.isFile() && st.mtimeMs < cutoff) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Of `keys` (stored objects), those a media row names: its original, thumbnail or web
 * variant, or a rendition of its original while the rendition's stamp is current
 * (renditionKeys.ts); an old file's or focal point's rendition is debris. Read just before
 * the unnamed ones are removed, by their unique indexes: the sweep's reads grow with the
 * store it lists, not with the library (a million rows read whole kept the event loop busy
 * for 4 s at start).
 */
async function namedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  const parsed = keys.map((key) => ({ key, rendition: parseRenditionKey(key) }));
  const plain = parsed.filter((p) => !p.rendition).map((p) => p.key);
  const renditions = parsed.flatMap(({ key, rendition }) => (rendition ? [{ key, ...rendition }] : []));
  if (plain.length) {
    const rows = await db
      .selectFrom('media')
      .select(['file_key', 'thumb_key', 'web_key'])
      .where((eb) => eb.or([eb('file_key', 'in', plain), eb('thumb_key', 'in', plain), eb('web_key', 'in', plain)]))
      .execute();
    for (const r of rows) for (const k of [r.file_key, r.thumb_key, r.web_key]) if (k) named.add(k);
  }
  if (renditions.length) {
    const originals = [...new Set(renditions.map((r) => r.stem))].flatMap((stem) => RASTER_EXTS.map((ext) => `${stem}.${ext}`));
    const rows = await db.selectFrom('media').select(['file_key', 'web_key', 'focal_x', 'focal_y']).where('file_key', 'in', originals).execute();
    const stamps = new Map(rows.map((r) => [stemOf(r.file_key), renditionStamp(r)]));
    for (const r of renditions) if (stamps.get(r.stem) === r.stamp) named.add(r.key);
  }
  return named;
}

/** Removes stored objects older than `olderThanMs` that no media row names, and older unfinished puts. */
export async function sweepOrphanFiles(db: Db, storage: MediaStorage, olderThanMs: number): Promise<Omit<DebrisReport, 'staged'>> {
  const cutoff = new Date(Date.now() - olderThanMs);
  let orphans = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const named = await namedKeys(db, batch);
    for (const key of batch.filter((k) => !named.has(k))) {
      await storage.delete(key);
      orphans++;
    }
    batch = [];
  };
  for await (const { key, modified } of storage.list()) {
    if (modified >= cutoff) continue;
    batch.push(key);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length) await sweep();
  return { orphans, parts: await storage.removeUnfinished(cutoff) };
}

export async function sweepMediaDebris(db: Db, storage: MediaStorage, media: { stagingDir: string; uploadTimeoutMs: number }): Promise<DebrisReport> {
  const staged = await sweepStaging(media.stagingDir, media.uploadTimeoutMs);
  return { staged, ...(await sweepOrphanFiles(db, storage, media.uploadTimeoutMs)) };
}
