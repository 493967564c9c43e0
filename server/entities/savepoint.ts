/**
 * A savepoint in a write transaction: what `fn` writes stays only when it returns and `keep`
 * accepts what it returned. On PostgreSQL a failed statement aborts the whole transaction
 * unless rolled back to a savepoint, so a part that may fail runs under one.
 */
import { type Kysely, sql } from 'kysely';

export async function savepoint<T>(db: Kysely<any>, name: string, fn: () => Promise<T>, keep: (r: T) => boolean = () => true): Promise<T> {
  await sql.raw(`savepoint ${name}`).execute(db);
  let result: T;
  try {
    result = await fn();
  } catch (e) {
    await sql.raw(`rollback to savepoint ${name}`).execute(db);
    await sql.raw(`release savepoint ${name}`).execute(db);
    throw e;
  }
  if (!keep(result)) await sql.raw(`rollback to savepoint ${name}`).execute(db);
  await sql.raw(`release savepoint ${name}`).execute(db);
  return result;
}
