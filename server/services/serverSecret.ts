/**
 * A secret of the server's, by purpose, kept in the database (migration 0025) so every
 * instance signs and verifies alike and a restart invalidates nothing. Made on first use:
 * two instances racing both insert-or-ignore, then read the one that won.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { nowIso } from './clock.js';
import { newToken } from './tokens.js';

const known = new WeakMap<object, Map<string, Buffer>>();

export async function serverSecret(db: Kysely<DatabaseSchema>, name: string): Promise<Buffer> {
  let byName = known.get(db);
  const hit = byName?.get(name);
  if (hit) return hit;
  await db
    .insertInto('server_secrets')
    .values({ name, value: newToken(), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  const secret = Buffer.from(row.value, 'base64url');
  if (!byName) known.set(db, (byName = new Map<string, Buffer>()));
  byName.set(name, secret);
  return secret;
}
