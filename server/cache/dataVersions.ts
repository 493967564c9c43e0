/**
 * A site's data version (table data_versions): moved inside every write transaction of
 * the site's content, read before a cached answer is served. A site's first counter
 * starts at a random value, so a database rebuilt under a running server (a reseed) does
 * not repeat the versions its caches remember.
 */
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { inTransaction } from '../db/deadlocks.js';
import { hotQuery } from '../db/hotQuery.js';

/** Bumps made by this process: a version read before one is not reused after it (dataVersionThisTurn). */
let writes = 0;

const read = hotQuery<{ version: number | string }, [tenantId: number]>(`select version from data_versions where tenant_id = ?`);

/**
 * Call last in a write transaction, just before its commit: on PostgreSQL the row stays
 * locked until commit, and every writer of the site meets it, so it is held for the commit
 * only (taken first, a site's saves queued behind each other's every statement: docs/decisions.md
 * §65). The version commits with the rows, so a reader that sees the new version sees them.
 */
export async function bumpDataVersion(db: Kysely<any>, tenantId: number): Promise<void> {
  writes++;
  await db
    .insertInto('data_versions')
    .values({ tenant_id: tenantId, version: randomInt(1, 2 ** 40) })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet((eb) => ({ version: eb('data_versions.version', '+', 1) })))
    .execute();
}

/**
 * A write of a site's content: `fn` in a transaction (the caller's when `db` is one already,
 * else its own, run again when PostgreSQL aborts it to break a deadlock), then the site's
 * data version moved, last.
 */
export function siteWriteTransaction<DB, T>(db: Kysely<DB>, tenantId: number, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    const out = await fn(trx);
    await bumpDataVersion(trx, tenantId);
    return out;
  });
}

/** The site's version, or undefined when nothing of it was written since the counter exists (then nothing is cached). */
export async function dataVersionOf(db: Kysely<any>, tenantId: number): Promise<string | undefined> {
  const [row] = await read(db, tenantId);
  return row === undefined ? undefined : String(row.version);
}

const thisTurn = new WeakMap<Kysely<any>, Map<number, { read: Promise<string | undefined>; writes: number }>>();

/**
 * The site's version as read once in this event-loop turn: the delivery API's cached answers
 * on SQLite, where every read of it was a fifth of a cached answer's time (docs/decisions.md
 * §46). The requests a turn serves were received when it began, so they are answered as of a
 * moment after they arrived, as they would be one at a time. A bump by this process drops
 * what was read before it at once; another process's commit is seen from the next turn, and
 * a client told of it by that process asks in a later turn.
 */
export function dataVersionThisTurn(db: Kysely<any>, tenantId: number): Promise<string | undefined> {
  let versions = thisTurn.get(db);
  if (!versions) {
    versions = new Map();
    thisTurn.set(db, versions);
  }
  const kept = versions.get(tenantId);
  if (kept && kept.writes === writes) return kept.read;
  if (versions.size === 0) setImmediate(() => versions.clear());
  const read = dataVersionOf(db, tenantId);
  versions.set(tenantId, { read, writes });
  return read;
}
