/**
 * The redirect of a path on a dealer's public site, for the delivery API's `route`: one read
 * of the unique (tenant_id, from_path) index. `/a/` and `/a` are the same path: a redirect
 * written either way answers both (the one without the slash first).
 */
import type { Kysely } from 'kysely';
import { pathSpellings } from '../../../entities/redirect.js';
import { TABLE } from './store.js';

export async function redirectFor(db: Kysely<any>, tenantId: number, path: string): Promise<{ location: string } | undefined> {
  const row = await db
    .selectFrom(TABLE)
    .select('to_path')
    .where('tenant_id', '=', tenantId)
    .where('from_path', 'in', pathSpellings(path))
    .orderBy('from_path')
    .limit(1)
    .executeTakeFirst();
  return row ? { location: String(row.to_path) } : undefined;
}
