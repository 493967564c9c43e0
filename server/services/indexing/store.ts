/**
 * The indexing_actions table (migration 0008): recording actions inside a content write's
 * transaction, and the dispatcher's claims and outcomes. The list screen reads the table
 * through the entity engine (entities/indexingLog.ts), so every write here also keeps the
 * engine's URL search words and list counters exact.
 */
import { type Kysely, sql } from 'kysely';
import { indexingLog } from '../../../entities/indexingLog.js';
import type { RecordValues } from '../../../entities/validateRecord.js';
import type { Dialect } from '../../db/database.js';
import { applyDeltas, type Delta, recordDeltas } from '../../entities/counts.js';
import type { Site } from '../../entities/context.js';
import { insertMany, insertManyReturningIds } from '../../entities/insertMany.js';
import { searchTableOf } from '../../entities/schema.js';
import { claimLeased, type LeasedTable } from '../jobs/lease.js';
import { rowTokens } from '../../entities/search.js';
import type { IndexingAction } from './actions.js';

export const TABLE = indexingLog.table;
export type IndexingStatus = 'pending' | 'sent' | 'failed';

/** The log is master-scoped: its counters and search words are kept under tenant 0, whatever site wrote it. */
const NO_SITE: Site = { id: 0, kind: 'default', languages: [], default_language: '' };

/** Longest response text kept per action. */
export const MAX_RESPONSE = 500;

export interface NewAction {
  url: string;
  action: IndexingAction;
  site: string;
  tenantId: number;
  entity: string;
  entityId: number;
}

const recordOf = (values: Record<string, unknown>): RecordValues => ({ values, translations: {} });

/** Inserts pending actions due now; `db` is the write's transaction. */
export async function insertActions(db: Kysely<any>, actions: readonly NewAction[], nowIso: string) {
  if (!actions.length) return;
  const rows = actions.map((a) => ({
    url: a.url,
    action: a.action,
    status: 'pending',
    site: a.site,
    entity: a.entity,
    entity_id: a.entityId,
    attempts: 0,
    next_attempt_at: nowIso,
    response: '',
    tenant_id: a.tenantId,
    version: 1,
    created_at: nowIso,
    updated_at: nowIso,
  }));
  const ids = await insertManyReturningIds(db, TABLE, rows);
  const words = ids.flatMap((id, i) => rowTokens(indexingLog, recordOf(rows[i]!)).map((token) => ({ tenant_id: 0, token, entity_id: id })));
  await insertMany(db, searchTableOf(indexingLog), words);
  await applyDeltas(
    { db, site: NO_SITE },
    indexingLog,
    rows.flatMap((r) => recordDeltas(indexingLog, recordOf(r), 1)),
  );
}

export interface ClaimedAction {
  id: number;
  url: string;
  action: IndexingAction;
  site: string;
  attempts: number;
}

/** Pending actions whose next attempt is due, oldest first (the range scan of indexing_actions_due). */
const DUE: LeasedTable = {
  table: TABLE,
  due: (eb, nowIso) => eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
  order: ['next_attempt_at', 'id'],
};

/** Leases up to `limit` due pending actions to one dispatcher (server/services/jobs/lease.ts). */
export async function claimDue(
  db: Kysely<any>,
  dialect: Dialect,
  limit: number,
  nowIso: string,
  leaseUntilIso: string,
): Promise<{ token: string; rows: ClaimedAction[] }> {
  const { token, rows } = await claimLeased<{ id: number; url: string; action: string; site: string; attempts: number }>(
    db,
    dialect,
    DUE,
    limit,
    nowIso,
    leaseUntilIso,
  );
  return {
    token,
    rows: rows
      .map((r) => ({ id: Number(r.id), url: String(r.url), action: r.action as IndexingAction, site: String(r.site), attempts: Number(r.attempts) }))
      .sort((a, b) => a.id - b.id),
  };
}

export interface Outcome {
  ids: readonly number[];
  status: IndexingStatus;
  /** Attempts made so far, this one included. */
  attempts: number;
  response: string;
  nextAttemptIso?: string;
}

/**
 * Records what became of claimed actions, in one short transaction, only for rows this
 * claim still holds (a row whose lease expired and was taken by another dispatcher is that
 * one's to record).
 */
export async function recordOutcomes(db: Kysely<any>, token: string, outcomes: readonly Outcome[], nowIso: string) {
  await db.transaction().execute(async (trx) => {
    const deltas: Delta[] = [];
    for (const o of outcomes) {
      if (!o.ids.length) continue;
      const result = await trx
        .updateTable(TABLE)
        .set({
          status: o.status,
          attempts: o.attempts,
          response: o.response.slice(0, MAX_RESPONSE),
          next_attempt_at: o.nextAttemptIso ?? null,
          claim: null,
          locked_until: null,
          version: sql`version + 1`,
          updated_at: nowIso,
        })
        .where('id', 'in', [...o.ids])
        .where('claim', '=', token)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const n = Number(result.numUpdatedRows);
      if (n && o.status !== 'pending') deltas.push({ field: 'status', value: 'pending', n: -n }, { field: 'status', value: o.status, n });
    }
    await applyDeltas({ db: trx, site: NO_SITE }, indexingLog, deltas);
  });
}
