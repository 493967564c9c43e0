import { type Kysely, sql, type Transaction } from 'kysely';
import { siteWriteTransaction } from '../../cache/dataVersions.js';
import type { Dialect } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';

export type Db = Kysely<DatabaseSchema>;
export type Trx = Transaction<DatabaseSchema>;

/**
 * A change to a tenant's library, in a transaction that moves the site's data version last
 * (server/cache/): cached lists showing its media are outdated from the commit on.
 */
export function libraryTransaction<T>(db: Db, tenantId: number, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return siteWriteTransaction(db, tenantId, fn);
}

/** Advisory-lock class for a tenant's media library (the second key is the tenant id). */
const LIBRARY_LOCK = 4242;

/**
 * Serialises changes to a tenant's folder tree (create, move, delete, and media moving
 * into folders) on PostgreSQL, so two moves cannot make a cycle and a folder cannot be
 * deleted while a file is filed into it. SQLite writes are serialised already.
 */
export async function lockLibrary(trx: Trx, dialect: Dialect, tenantId: number) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${LIBRARY_LOCK}, ${tenantId})`.execute(trx);
}

export function isUniqueViolation(error: unknown) {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
