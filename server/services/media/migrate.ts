import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import type { MediaStorage } from '../../storage/index.js';
import type { Db } from './db.js';

/** What one pass of `npm run media:migrate` did, key by key. */
export interface MigrationReport {
  /** Copied and read back with the same SHA-256. */
  copied: number;
  /** Already in the target: copied by an earlier pass, or written there since (a new upload or replacement). */
  present: number;
  /** Named by a row but in neither store (a file lost before the migration): nothing to copy. */
  missing: string[];
  /** Read back with another checksum: removed from the target, copied again by the next pass. */
  mismatched: string[];
}

export interface MigrationOptions {
  /** Stops the pass after the object being copied (the next pass resumes). */
  signal?: AbortSignal;
  /** Objects copied at once. */
  concurrency?: number;
}

const PAGE = 500;

async function sha256(body: Readable) {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every key a media row names, with the type the object is served as. */
async function* mediaObjects(db: Db): AsyncIterable<{ key: string; contentType: string }> {
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('media')
      .select(['id', 'file_key', 'thumb_key', 'web_key', 'mime_type'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      yield { key: r.file_key, contentType: r.mime_type };
      for (const k of [r.thumb_key, r.web_key]) if (k) yield { key: k, contentType: 'image/webp' };
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

/**
 * Copies every stored file and variant a media row names from one store to the other
 * (docs/decisions.md §22), while the servers already write to the target and read through
 * to the source. An object the target already has is left alone, and a copy never replaces
 * one that appeared meanwhile (create-if-absent): it is a new upload, or a file replaced
 * under the same key, and newer than the source's. Each copy is hashed on the way in and
 * read back from the target: a different checksum removes it there. Interrupted, the next
 * pass picks up where this one stopped.
 */
export async function migrateMedia(db: Db, from: MediaStorage, to: MediaStorage, opts: MigrationOptions = {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, present: 0, missing: [], mismatched: [] };
  const objects = mediaObjects(db)[Symbol.asyncIterator]();
  const copyOne = async (key: string, contentType: string) => {
    if (await to.exists(key)) {
      report.present++;
      return;
    }
    const source = await from.get(key);
    if (!source) {
      report.missing.push(key);
      return;
    }
    // The same bytes to the target and through the hash.
    const [body, hashed] = [new PassThrough(), new PassThrough()];
    source.on('error', (error) => [body, hashed].forEach((s) => s.destroy(error)));
    source.pipe(body);
    source.pipe(hashed);
    const [created, expected] = await Promise.all([to.put(key, body, { contentType, ifAbsent: true }), sha256(hashed)]);
    if (!created) {
      report.present++;
      return;
    }
    const copy = await to.get(key);
    if (copy && (await sha256(copy)) === expected) {
      report.copied++;
      return;
    }
    await to.delete(key);
    report.mismatched.push(key);
  };
  const worker = async () => {
    while (!opts.signal?.aborted) {
      const next = await objects.next();
      if (next.done) return;
      await copyOne(next.value.key, next.value.contentType);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return report;
}
