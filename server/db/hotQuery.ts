import type SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf, pgPoolOf, sqliteOf, statementName } from './database.js';
import { byName } from './rows.js';

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
 * builder, compiler and driver cost more than running such a query; this skips them.
 * On SQLite outside a transaction the read is synchronous: Kysely's connection lock only
 * keeps a statement out of another request's open transaction, and a synchronous read
 * cannot interleave with anything. On PostgreSQL it goes to the pool as a prepared
 * statement, parsed and planned once per connection, under the name every query shape
 * gets (statementName, database.ts): one bound on the shapes a connection keeps. Inside a
 * transaction (a Kysely instance not opened by db/database.ts) it runs through Kysely on
 * that transaction.
 *
 * `fromValues` makes a row from the selected values, in the order of the SELECT;
 * without it a row is an object keyed by column name. Either way the drivers hand over
 * arrays: cheaper than a driver looking every column name up again for every row.
 */
export function hotQuery<Row, Params extends unknown[]>(text: string, fromValues?: (values: unknown[]) => Row) {
  let n = 0;
  const pgText = text.replace(/\?/g, () => `$${++n}`);
  const statements = new WeakMap<SqliteDatabase.Database, { statement: SqliteDatabase.Statement<unknown[], unknown[]>; make: (values: unknown[]) => Row }>();
  let pgMake = fromValues;
  return async (db: Kysely<any>, ...params: Params): Promise<Row[]> => {
    const sqlite = sqliteOf(db);
    if (sqlite && !sqlite.inTransaction) {
      let prepared = statements.get(sqlite);
      if (!prepared) {
        const statement = sqlite.prepare<unknown[], unknown[]>(text).raw(true);
        prepared = { statement, make: fromValues ?? byName<Row>(statement.columns().map((c) => c.name)) };
        statements.set(sqlite, prepared);
      }
      return prepared.statement.all(params).map(prepared.make);
    }
    const pool = pgPoolOf(db);
    if (pool) {
      const result = await pool.query<unknown[]>({ name: statementName(pgText), text: pgText, values: params, rowMode: 'array' });
      pgMake ??= byName<Row>(result.fields.map((f) => f.name));
      return result.rows.map(pgMake);
    }
    const compiled = CompiledQuery.raw(isPostgres(db) ? pgText : text, params);
    const { rows } = await db.executeQuery<Record<string, unknown>>(compiled);
    return fromValues ? rows.map((row) => fromValues(Object.values(row))) : (rows as Row[]);
  };
}
