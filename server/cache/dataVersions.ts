/**
 * A site's data version (table data_versions): moved inside every write transaction of
 * the site's content, read before a cached answer is served. A site's first counter
 * starts at a random value, so a database rebuilt under a running server (a reseed) does
 * not repeat the versions its caches remember.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hotQuery } from '../db/hotQuery.js';

const read = hotQuery<{ version: number | string }, [tenantId: number]>(`select version from data_versions where tenant_id = ?`);

/**
 * Call first in a write transaction: on PostgreSQL the row stays locked until commit, so
 * a site's writers queue here in one order, and a reader that sees the new version sees
 * the new rows.
 */
export async function bumpDataVersion(db: Kysely<any>, tenantId: number): Promise<void> {
  await db
    .insertInto('data_versions')
    .values({ tenant_id: tenantId, version: randomInt(1, 2 ** 40) })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet((eb) => ({ version: eb('data_versions.version', '+', 1) })))
    .execute();
}

/** The site's version, or undefined when nothing of it was written since the counter exists (then nothing is cached). */
export async function dataVersionOf(db: Kysely<any>, tenantId: number): Promise<string | undefined> {
  const [row] = await read(db, tenantId);
  return row === undefined ? undefined : String(row.version);
}
