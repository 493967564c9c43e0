import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from '../entities/context.js';

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
 * A query run on every request, written once as SQL with `?` placeholders. Kysely's
 * builder and compiler cost more than running such a query on SQLite; this skips both
 * (the SQLite driver keeps the prepared statement by its text).
 */
export function hotQuery<Row, Params extends unknown[]>(text: string) {
  let n = 0;
  const pgText = text.replace(/\?/g, () => `$${++n}`);
  return async (db: Kysely<any>, ...params: Params): Promise<Row[]> => {
    const result = await db.executeQuery<Row>(CompiledQuery.raw(isPostgres(db) ? pgText : text, params));
    return result.rows;
  };
}
