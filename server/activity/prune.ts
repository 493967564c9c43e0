/**
 * The bins' expiry: a row deleted more than REVISIONS_KEEP_DAYS ago can no longer be
 * restored. Its records (the delete's, and its history's before it) are dropped; the log's
 * entries stay, saying who did what and when. A delete whose row was restored since only
 * leaves the bin's index (its record: the row's history goes on in later entries).
 * Run by the server's hourly sweep (server/main.ts), in batches read from the partial index
 * of the bin's deletes, so each statement's work is bounded.
 */
import type { Kysely } from 'kysely';

const BATCH = 200;

/** Drops the records of deletes older than `keepDays`; how many deletes left their bins. */
export async function pruneBin(db: Kysely<any>, keepDays: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - keepDays * 86_400_000).toISOString();
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
