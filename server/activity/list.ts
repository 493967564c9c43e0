/**
 * The activity log as a reader reaches it (scope.ts), filtered by user, model, action and
 * time, newest first in keyset pages (paging.ts). Each filter has an index after the
 * scope's column ending in (at, id), so a page is a range of one index whatever the log's size.
 */
import { type Kysely, sql } from 'kysely';
import { type Keyset, type KeysetPage, pageOf, readSize } from './paging.js';
import { ENTRY_COLUMNS, type EntryRow, presentEntry } from './present.js';
import type { ActivityScope } from './scope.js';

export interface ActivityFilters extends Keyset {
  user?: number;
  model?: string;
  action?: string;
  /** ISO-8601 UTC: entries at or after `from`, before `to`. */
  from?: string;
  to?: string;
}

export async function listActivity(db: Kysely<any>, scope: ActivityScope, f: ActivityFilters): Promise<KeysetPage<ReturnType<typeof presentEntry>>> {
  let q = db.selectFrom('activity').select([...ENTRY_COLUMNS]);
  if ('site' in scope) q = q.where('tenant_id', '=', scope.site);
  else if ('market' in scope) q = q.where('market_id', '=', scope.market ?? -1);
  if (f.user !== undefined) q = q.where('user_id', '=', f.user);
  if (f.model !== undefined) q = q.where('model', '=', f.model);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  if (f.before !== undefined) {
    const cursor = await db.selectFrom('activity').select(['at', 'id']).where('id', '=', f.before).executeTakeFirst();
    if (!cursor) return { items: [], next: null };
    q = q.where(sql<boolean>`("at", "id") < (${cursor.at}, ${cursor.id})`);
  }
  const rows = (await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(readSize(f)).execute()) as EntryRow[];
  return pageOf(f, rows, presentEntry);
}
