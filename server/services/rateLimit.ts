import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

export interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters (failed logins). Every instance of the server must count in the
 * same place for a limit to hold: the database (default) or Redis (`REDIS_URL`,
 * rateLimitRedis.ts). Keys arrive hashed, never as a raw username or address.
 */
export interface RateLimiter {
  /** Counts one more event for the key in a fixed window; atomic across processes. */
  hit(key: string, windowMs: number): Promise<Window>;
  /** Gives back one counted event, e.g. an attempt that turned out legitimate. */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function databaseRateLimiter(db: Kysely<DatabaseSchema>): RateLimiter {
  return {
    async hit(key, windowMs) {
      const now = new Date().toISOString();
      const reset = new Date(Date.now() + windowMs).toISOString();
      const { rows } = await sql<{ count: number; reset_at: string }>`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, ${reset})
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
        returning count, reset_at`.execute(db);
      return { count: Number(rows[0].count), resetAt: Date.parse(rows[0].reset_at) };
    },
    async release(key) {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    // The database is closed by its owner.
    close: async () => undefined,
  };
}
