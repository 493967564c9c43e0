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

export async function peek(db: Kysely<DatabaseSchema>, key: string): Promise<Window | undefined> {
  const row = await db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
  if (!row || Date.parse(row.reset_at) <= Date.now()) return undefined;
  return { count: Number(row.count), resetAt: Date.parse(row.reset_at) };
}

export async function clear(db: Kysely<DatabaseSchema>, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
