/**
 * A fingerprint of the whole database: per table, its row count and a hash of all its
 * rows in a stable order. Two equal fingerprints mean nothing was written.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Harness } from '../server/harness.js';

/** Sign-in bookkeeping, which any request may touch: not data. */
const IGNORED = new Set(['sessions', 'rate_limits']);

async function tables(h: Harness): Promise<string[]> {
  const { rows } =
    h.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(h.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(h.db);
  return rows
    .map((r) => r.name)
    .filter((n) => !IGNORED.has(n) && !n.startsWith('kysely_'))
    .sort();
}

const stable = (row: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]),
  );

/** `{ table: "<rows>:<sha256>" }` for every data table. */
export async function fingerprint(h: Harness): Promise<Record<string, string>> {
  // The indexing dispatcher sends what earlier writes (fixtures) recorded in the background:
  // let it finish first, or its bookkeeping would pass for a write of the request under test.
  await h.app.indexing.runUntilIdle();
  const out: Record<string, string> = {};
  for (const table of await tables(h)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(h.db);
    // Sorted as text: the same order whatever the primary key, on either dialect.
    const lines = rows.map(stable).sort();
    out[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);
}
