import fsp from 'node:fs/promises';
import path from 'node:path';
import { isMediaKey } from '../../storage/keys.js';
import type { Db } from './db.js';

/**
 * What a process killed mid-upload leaves behind, and how it is found again:
 *
 * - staged uploads in `tmp/uploads` (the body was being received or checked);
 * - stored files without a media row: createMedia stores the file and its variants first
 *   and inserts the row after, and deleteMedia removes the row first and the files after;
 * - `.part` files of a copy into storage that did not finish.
 *
 * A live upload's files are never older than the upload timeout (the body must arrive
 * within it, and a staged or stored file's mtime is when its last byte was written), so
 * only older files are debris: another instance sharing DATA_DIR may be uploading now.
 * A stored file is removed only when no media row names it, checked again just before.
 */
export interface DebrisReport {
  staged: number;
  orphans: number;
  parts: number;
}

const PAGE = 5000;

async function isOld(file: string, cutoff: number) {
  const st = await fsp.stat(file).catch(() => undefined);
  return !!st && st.isFile() && st.mtimeMs < cutoff;
}

async function listDir(dir: string) {
  return fsp.readdir(dir).catch(() => [] as string[]);
}

/** Removes staged uploads older than `olderThanMs`; returns how many. */
export async function sweepStaging(stagingDir: string, olderThanMs: number): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of await listDir(stagingDir)) {
    const file = path.join(stagingDir, name);
    if (await isOld(file, cutoff)) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Every storage key a media row names (original, thumbnail, web variant). */
async function referencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (let after = 0; ;) {
    const rows = await db.selectFrom('media').select(['id', 'file_key', 'thumb_key', 'web_key']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    for (const r of rows) for (const k of [r.file_key, r.thumb_key, r.web_key]) if (k) keys.add(k);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return keys;
    after = last.id;
  }
}

async function stillUnreferenced(db: Db, key: string) {
  const row = await db
    .selectFrom('media')
    .select('id')
    .where((eb) => eb.or([eb('file_key', '=', key), eb('thumb_key', '=', key), eb('web_key', '=', key)]))
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}

/**
 * Removes files under the local media folder older than `olderThanMs` that no media row
 * names, and old `.part` files. Files whose name is not a media key are left alone.
 */
export async function sweepOrphanFiles(db: Db, mediaDir: string, olderThanMs: number): Promise<Omit<DebrisReport, 'staged'>> {
  const cutoff = Date.now() - olderThanMs;
  const referenced = await referencedKeys(db);
  const report = { orphans: 0, parts: 0 };
  for (const a of await listDir(mediaDir)) {
    for (const b of await listDir(path.join(mediaDir, a))) {
      for (const name of await listDir(path.join(mediaDir, a, b))) {
        const file = path.join(mediaDir, a, b, name);
        const key = `${a}/${b}/${name}`;
        const part = name.endsWith('.part') && isMediaKey(key.replace(/\.[a-z0-9]+\.part$/, ''));
        if (!part && (!isMediaKey(key) || referenced.has(key))) continue;
        if (!(await isOld(file, cutoff))) continue;
        if (!part && !(await stillUnreferenced(db, key))) continue;
        await fsp.rm(file, { force: true });
        if (part) report.parts++;
        else report.orphans++;
      }
    }
  }
  return report;
}

export async function sweepMediaDebris(db: Db, media: { dir: string; stagingDir: string; uploadTimeoutMs: number }): Promise<DebrisReport> {
  const staged = await sweepStaging(media.stagingDir, media.uploadTimeoutMs);
  return { staged, ...(await sweepOrphanFiles(db, media.dir, media.uploadTimeoutMs)) };
}
