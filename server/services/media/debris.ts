import fsp from 'node:fs/promises';
import path from 'node:path';
import { longReads } from '../../db/database.js';
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
 * An object is removed only when no media row names it, checked again just before.
 */
export interface DebrisReport {
  staged: number;
  orphans: number;
  parts: number;
}

const PAGE = 5000;
/** The read pool's key of the sweep's reads (db/database.ts longReads): not a site's id. */
const SWEEP_READS = 0;

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
 * Every storage key a media row names (original, thumbnail, web variant), and the current
 * stamp of each original's renditions by the original's stem: a rendition is referenced
 * while its stamp is current (renditionKeys.ts); an old file's or focal point's is debris.
 */
async function referencedKeys(db: Db): Promise<{ keys: Set<string>; stamps: Map<string, string> }> {
  const keys = new Set<string>();
  const stamps = new Map<string, string>();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('media')
      .select(['id', 'file_key', 'thumb_key', 'web_key', 'focal_x', 'focal_y'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      for (const k of [r.file_key, r.thumb_key, r.web_key]) if (k) keys.add(k);
      stamps.set(stemOf(r.file_key), renditionStamp(r));
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return { keys, stamps };
    after = last.id;
  }
}

async function stillUnreferenced(db: Db, key: string) {
  const rendition = parseRenditionKey(key);
  if (rendition) {
    const rows = await db
      .selectFrom('media')
      .select(['file_key', 'web_key', 'focal_x', 'focal_y'])
      .where(
        'file_key',
        'in',
        RASTER_EXTS.map((ext) => `${rendition.stem}.${ext}`),
      )
      .execute();
    return !rows.some((r) => renditionStamp(r) === rendition.stamp);
  }
  const row = await db
    .selectFrom('media')
    .select('id')
    .where((eb) => eb.or([eb('file_key', '=', key), eb('thumb_key', '=', key), eb('web_key', '=', key)]))
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}

function referenced({ keys, stamps }: Awaited<ReturnType<typeof referencedKeys>>, key: string) {
  if (keys.has(key)) return true;
  const rendition = parseRenditionKey(key);
  return rendition !== undefined && stamps.get(rendition.stem) === rendition.stamp;
}

/** Removes stored objects older than `olderThanMs` that no media row names, and older unfinished puts. */
export async function sweepOrphanFiles(db: Db, storage: MediaStorage, olderThanMs: number): Promise<Omit<DebrisReport, 'staged'>> {
  const cutoff = new Date(Date.now() - olderThanMs);
  // Every media row of every site, read at start: off the event loop (a million rows kept
  // it busy for 4 s in 20 ms slices), under a key no site has so each site keeps its reader.
  const known = await referencedKeys(longReads(db, SWEEP_READS) as Db);
  let orphans = 0;
  for await (const { key, modified } of storage.list()) {
    if (referenced(known, key) || modified >= cutoff) continue;
    if (!(await stillUnreferenced(db, key))) continue;
    await storage.delete(key);
    orphans++;
  }
  return { orphans, parts: await storage.removeUnfinished(cutoff) };
}

export async function sweepMediaDebris(db: Db, storage: MediaStorage, media: { stagingDir: string; uploadTimeoutMs: number }): Promise<DebrisReport> {
  const staged = await sweepStaging(media.stagingDir, media.uploadTimeoutMs);
  return { staged, ...(await sweepOrphanFiles(db, storage, media.uploadTimeoutMs)) };
}
