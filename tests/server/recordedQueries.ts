import { type CompiledQuery, Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import { pgPoolOf, sqliteOf } from '../../server/db/database.js';

/** A Kysely on `db`'s own connection (SQLite) or pool (PostgreSQL) that records every statement it runs; `take` empties the record. */
export function recording(db: Kysely<any>) {
  const seen: CompiledQuery[] = [];
  const log = (e: LogEvent) => {
    if (e.level === 'query') seen.push(e.query);
  };
  const sqlite = sqliteOf(db);
  const recorder = sqlite
    ? new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }), log })
    : new Kysely<any>({ dialect: new PostgresDialect({ pool: pgPoolOf(db)! }), log });
  return { db: recorder, take: () => seen.splice(0) };
}
