import type SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from '../entities/context.js';
import { sqliteOf } from './database.js';

const postgres = new WeakMap<object, boolean>();
function isPostgres(db: Kysely<any>) {
  let pg = postgres.get(db);
  if (pg === undefined) {
    pg = dialectOf(db) === 'postgres';
    postgres.set(db, pg);
  }
  return pg;
}

/**
 * A read run on every request, written once as SQL with `?` placeholders. Kysely's
 * builder and compiler cost more than running such a query on SQLite; this skips both.
 * On SQLite outside a transaction it skips the driver too and reads synchronously:
 * Kysely's connection lock only keeps a statement out of another request's open
 * transaction, and a synchronous read cannot interleave with anything.
 *
 * `fromValues` makes a row from the selected values, in the order of the SELECT;
 * without it a row is an object keyed by column name. Either way SQLite hands over
 * arrays: cheaper than better-sqlite3 looking every column name up again for every row.
 */
export function hotQuery<Row, Params extends unknown[]>(text: string, fromValues?: (values: unknown[]) => Row) {
  let n = 0;
  const pgText = text.replace(/\?/g, () => `$${++n}`);
  const statements = new WeakMap<SqliteDatabase.Database, { statement: SqliteDatabase.Statement<unknown[], unknown[]>; make: (values: unknown[]) => Row }>();
  return async (db: Kysely<any>, ...params: Params): Promise<Row[]> => {
    const sqlite = sqliteOf(db);
    if (sqlite && !sqlite.inTransaction) {
      let prepared = statements.get(sqlite);
      if (!prepared) {
        const statement = sqlite.prepare<unknown[], unknown[]>(text).raw(true);
        prepared = { statement, make: fromValues ?? byName<Row>(statement.columns().map((c) => c.name)) };
        statements.set(sqlite, prepared);
      }
      const rows = prepared.statement.all(params);
      const out: Row[] = [];
      for (const values of rows) out.push(prepared.make(values));
      return out;
    }
    const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(isPostgres(db) ? pgText : text, params));
    return fromValues ? rows.map((row) => fromValues(Object.values(row))) : (rows as Row[]);
  };
}

function byName<Row>(columns: string[]) {
  return (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i];
    return row as Row;
  };
}
