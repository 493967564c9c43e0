/**
 * Multi-row inserts cut to fit the drivers' bound-parameter limits (SQLite 32,766,
 * PostgreSQL 65,535): a batch of rows with their words, links and slugs can exceed one
 * statement's worth.
 */
import type { Kysely } from 'kysely';

const MAX_PARAMETERS = 30_000;

const chunks = <T>(rows: readonly T[], size: number) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

const sizeOf = (rows: ReadonlyArray<Record<string, unknown>>) => Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(rows[0] ?? {}).length)));

export async function insertMany(db: Kysely<any>, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  for (const part of chunks(rows, sizeOf(rows))) await db.insertInto(table).values(part).execute();
}

/** Inserts the rows; their new ids, in the rows' order (`returning` answers in the order of the values). */
export async function insertManyReturningIds(db: Kysely<any>, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, sizeOf(rows))) {
    const inserted = await db.insertInto(table).values(part).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}
