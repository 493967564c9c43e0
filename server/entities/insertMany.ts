/**
 * Multi-row inserts cut to fit the drivers' bound-parameter limits (SQLite 32,766,
 * PostgreSQL 65,535): a batch of rows with their words, links and slugs can exceed one
 * statement's worth.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';

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

/**
 * The rows of `table` whose `column` is among `ids` replaced by `rows`. On PostgreSQL one
 * statement, where each is a round trip (docs/decisions.md §68): the delete is a CTE the
 * insert reads first, so a row put back with the key of one deleted is no conflict (that
 * one is deleted by this statement already), and the rows come as one JSON parameter typed
 * by the table's own row type. On SQLite, or past one statement's worth, a delete and the
 * inserts.
 */
export async function replaceMany(
  db: Kysely<any>,
  dialect: Dialect,
  table: string,
  where: { column: string; ids: readonly number[] },
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  if (dialect !== 'postgres' || !where.ids.length || !rows.length || where.ids.length > MAX_PARAMETERS) {
    if (where.ids.length)
      await db
        .deleteFrom(table)
        .where(where.column, 'in', [...where.ids])
        .execute();
    return insertMany(db, table, rows);
  }
  const names = sql.join(columns.map((c) => sql.ref(c)));
  await sql`with gone as (delete from ${sql.table(table)} where ${sql.ref(where.column)} in (${sql.join([...where.ids])}) returning 1)
    insert into ${sql.table(table)} (${names})
    select ${names} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
    where (select count(*) from gone) >= 0`.execute(db);
}
