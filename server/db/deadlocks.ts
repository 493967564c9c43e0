import type { Kysely, Transaction } from 'kysely';

const ATTEMPTS = 3;

/** PostgreSQL's answer to the transaction it aborted to break a deadlock. */
const isDeadlock = (e: unknown) => (e as { code?: unknown })?.code === '40P01';

/**
 * `fn` in a transaction of its own, run again when PostgreSQL aborted it to break a deadlock.
 * A site's writers take their row locks in the order their work meets them and the site's
 * data version last (server/cache/dataVersions.ts), so two writers can meet in opposite
 * orders (a media file moved each way between two folders, a schedule set while the
 * scheduler carries it out); the one aborted has written nothing and is tried again.
 */
export async function transactionRetryingDeadlocks<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (!isDeadlock(e) || attempt >= ATTEMPTS) throw e;
    }
  }
}

/** `fn` in the caller's transaction when `db` is one, else in one of its own (transactionRetryingDeadlocks). */
export function inTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : transactionRetryingDeadlocks(db, fn);
}
