/**
 * Writing the activity log (table `activity`, migration 0023_revisions). Entries are only
 * ever added, by the server, in the transaction of what they record; no route changes or
 * deletes one (the bin's expiry only drops the records of rows deleted long ago: prune.ts).
 */
import type { Kysely } from 'kysely';
import { insertMany } from '../entities/insertMany.js';
import { nowIso } from '../services/clock.js';
import type { Actor } from './actor.js';

export interface ActivityEntry {
  tenantId: number | null;
  marketId: number | null;
  action: string;
  model: string;
  objectId?: number | null;
  version?: number | null;
  changes?: unknown;
  record?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function logActivity(db: Kysely<any>, actor: Actor | undefined, entry: ActivityEntry): Promise<void> {
  await logActivities(db, actor, [entry]);
}

/** Entries of one actor, in one statement (a batch's revisions). */
export async function logActivities(db: Kysely<any>, actor: Actor | undefined, entries: readonly ActivityEntry[]): Promise<void> {
  const at = nowIso();
  await insertMany(
    db,
    'activity',
    entries.map((entry) => ({
      at,
      tenant_id: entry.tenantId,
      market_id: entry.marketId,
      user_id: actor?.userId ?? null,
      username: actor?.username ?? '',
      ip: actor?.ip ?? '',
      action: entry.action,
      model: entry.model,
      object_id: entry.objectId ?? null,
      version: entry.version ?? null,
      changes: json(entry.changes),
      record: json(entry.record),
    })),
  );
}
