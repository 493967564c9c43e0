/**
 * What REVISIONS_KEEP_DAYS ends (docs/decisions.md §23, §38). A row deleted longer ago can no
 * longer be restored: its records (the delete's, and its history's before it) are dropped. A
 * draft superseded longer ago (a later write, publish or discard of its row) no longer holds
 * its whole row: nothing can put it live again. The log's entries stay in both cases, saying
 * who did what and when. Run by the server's hourly sweep (server/main.ts), in batches read
 * from partial indexes of what still holds a record, so each statement's work is bounded.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

const BATCH = 200;

const cutoffOf = (keepDays: number, now: number) => new Date(now - keepDays * 86_400_000).toISOString();

/** Both prunes, one after the other; how many of each. */
export async function pruneRecords(db: Kysely<DatabaseSchema>, keepDays: number, now = Date.now()) {
  return { bin: await pruneBin(db, keepDays, now), drafts: await pruneDrafts(db, keepDays, now) };
}

/** Drops the records of deletes older than `keepDays`; how many deletes left their bins. */
export async function pruneBin(db: Kysely<any>, keepDays: number, now = Date.now()): Promise<number> {
  const cutoff = cutoffOf(keepDays, now);
  let pruned = 0;
  for (;;) {
    const expired = await db
      .selectFrom('activity')
      .select(['id', 'model', 'object_id'])
      .where('action', '=', 'delete')
      .where('record', 'is not', null)
      .where('at', '<', cutoff)
      .orderBy('at')
      .limit(BATCH)
      .execute();
    for (const e of expired) {
      await db.transaction().execute(async (trx) => {
        const later = await trx
          .selectFrom('activity')
          .select('id')
          .where('model', '=', e.model)
          .where('object_id', '=', e.object_id)
          .where('id', '>', e.id)
          .limit(1)
          .executeTakeFirst();
        let q = trx.updateTable('activity').set({ record: null }).where('model', '=', e.model).where('object_id', '=', e.object_id);
        q = later ? q.where('id', '=', e.id) : q.where('id', '<=', e.id);
        await q.execute();
      });
    }
    pruned += expired.length;
    if (expired.length < BATCH) return pruned;
  }
}

/**
 * Drops the records of drafts older than `keepDays` that a later entry of their row (other
 * than a schedule request, which leaves a draft pending: drafts/store.ts) has superseded; a
 * pending draft keeps its record however old. How many were dropped. Pending ones stay in the
 * index, so the batches walk it by (at, id) rather than reading its start again.
 */
export async function pruneDrafts(db: Kysely<DatabaseSchema>, keepDays: number, now = Date.now(), batch = BATCH): Promise<number> {
  const cutoff = cutoffOf(keepDays, now);
  let pruned = 0;
  let after: { at: string; id: number } | undefined;
  for (;;) {
    let q = db.selectFrom('activity').select(['id', 'at']).where('action', '=', 'draft').where('record', 'is not', null).where('at', '<', cutoff);
    if (after) q = q.where(sql<boolean>`("at", "id") > (${after.at}, ${after.id})`);
    const expired = await q.orderBy('at').orderBy('id').limit(batch).execute();
    if (expired.length) {
      const dropped = await db
        .updateTable('activity')
        .set({ record: null })
        .where(
          'id',
          'in',
          expired.map((e) => e.id),
        )
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('activity as later')
              .select('later.id')
              .whereRef('later.model', '=', 'activity.model')
              .whereRef('later.object_id', '=', 'activity.object_id')
              .whereRef('later.id', '>', 'activity.id')
              .where('later.action', '!=', 'schedule'),
          ),
        )
        .executeTakeFirst();
      pruned += Number(dropped.numUpdatedRows);
    }
    const last = expired.at(-1);
    if (!last || expired.length < batch) return pruned;
    after = { at: last.at, id: Number(last.id) };
  }
}
