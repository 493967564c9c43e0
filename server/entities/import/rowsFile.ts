/**
 * An import's rows as the job reads them: one JSON array per line, `[line, ...cells]`, in a
 * file under DATA_DIR/imports written when the import is asked. Whatever the upload was
 * (CSV in any encoding, XLSX), a batch then starts reading at the byte offset its checkpoint
 * holds, so resuming after a restart reads nothing twice and no batch re-reads the file
 * from its start. A date cell (XLSX) is kept as `{"$d": "<ISO>"}`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CellInput } from '../../../entities/fieldTypes/description.js';
import type { SheetRow } from './sheet.js';

export const importsDir = (dataDir: string) => path.join(dataDir, 'imports');

const encode = (row: SheetRow) => JSON.stringify([row.line, ...row.cells.map((c) => (c instanceof Date ? { $d: c.toISOString() } : c))]);

function decode(text: string): SheetRow {
  const [line, ...cells] = JSON.parse(text) as [number, ...unknown[]];
  return { line, cells: cells.map((c) => (c !== null && typeof c === 'object' ? new Date((c as { $d: string }).$d) : (c as CellInput))) };
}

/**
 * Writes rows to a new file in `dir`; its path. Through `pipeline`, which waits for the file to
 * close before a failure (an unreadable upload) propagates: destroying the stream by hand while
 * it was still opening let a buffered write fail later, uncaught.
 */
export async function writeRows(dir: string, rows: AsyncIterable<SheetRow>, onRow: (row: SheetRow) => void): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomBytes(16).toString('hex')}.jsonl`);
  async function* lines() {
    for await (const row of rows) {
      onRow(row);
      yield `${encode(row)}\n`;
    }
  }
  try {
    await pipeline(Readable.from(lines()), fs.createWriteStream(file, { flags: 'wx' }));
    return file;
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}

/** Up to `count` rows from byte `offset`, the offset after each, and the offset after them (null: the file ended). */
export async function readRows(file: string, offset: number, count: number): Promise<{ rows: SheetRow[]; ends: number[]; next: number | null }> {
  const rows: SheetRow[] = [];
  const ends: number[] = [];
  const stream = fs.createReadStream(file, { start: offset, highWaterMark: 256 * 1024 });
  let pending: Buffer = Buffer.alloc(0);
  let at = offset;
  try {
    for await (const chunk of stream) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      let nl: number;
      while ((nl = pending.indexOf(10)) >= 0) {
        rows.push(decode(pending.subarray(0, nl).toString('utf8')));
        at += nl + 1;
        ends.push(at);
        pending = pending.subarray(nl + 1);
        if (rows.length === count) return { rows, ends, next: at };
      }
    }
    return { rows, ends, next: null };
  } finally {
    stream.destroy();
  }
}
