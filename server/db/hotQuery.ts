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
 */
export function hotQuery<Row, Params extends unknown[]>(text: string) {
  let n = 0;
  const pgText = text.replace(/\?/g, () => `$${++n}`);
  const statements = new WeakMap<SqliteDatabase.Database, SqliteDatabase.Statement<unknown[], Row>>();
  return async (db: Kysely<any>, ...params: Params): Promise<Row[]> => {
    const sqlite = sqliteOf(db);
    if (sqlite && !sqlite.inTransaction) {
      let statement = statements.get(sqlite);
      if (!statement) {
        statement = sqlite.prepare<unknown[], Row>(text);
        statements.set(sqlite, statement);
      }
      return statement.all(params);
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(isPostgres(db) ? pgText : text, params));
    return result.rows;
  };
}
