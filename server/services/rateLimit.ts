import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

export interface Window {
  count: number;
  resetAt: number;
}

/** Counts one more event for the key in a fixed window; atomic on both dialects. */
export async function hit(db: Kysely<DatabaseSchema>, key: string, windowMs: number): Promise<Window> {
  const now = new Date().toISOString();
  const reset = new Date(Date.now() + windowMs).toISOString();
  const { rows } = await sql<{ count: number; reset_at: string }>`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${reset})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`.execute(db);
  return { count: Number(rows[0].count), resetAt: Date.parse(rows[0].reset_at) };
}

/** Gives back one counted event, e.g. an attempt that turned out legitimate. */
export async function release(db: Kysely<DatabaseSchema>, key: string) {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clear(db: Kysely<DatabaseSchema>, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
