import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

export interface Window {
  /** Events in the window, this one included; `limit + 1` when the window was full and nothing was counted. */
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters (failed logins). Every instance of the server must count in the
 * same place for a limit to hold: the database (default) or Redis (`REDIS_URL`,
 * rateLimitRedis.ts). Keys arrive hashed, never as a raw username or address.
 */
export interface RateLimiter {
  /**
   * Counts one more event for the key in a fixed window, atomically across processes,
   * unless `limit` events are counted already: then nothing is written.
   */
  hit(key: string, windowMs: number, limit: number): Promise<Window>;
  /** Gives back one counted event, e.g. an attempt that turned out legitimate. */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Expired windows are deleted this often, at most SWEEP_ROWS at a time (sooner while a sweep finds a full batch). */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_ROWS = 1000;

export function databaseRateLimiter(db: Kysely<DatabaseSchema>): RateLimiter {
  let nextSweep = 0;

  async function sweep(now: string) {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + SWEEP_EVERY_MS;
    const due = db.selectFrom('rate_limits').select('key').where('reset_at', '<=', now).limit(SWEEP_ROWS);
    const { numDeletedRows } = await db.deleteFrom('rate_limits').where('key', 'in', due).executeTakeFirst();
    if (Number(numDeletedRows) === SWEEP_ROWS) nextSweep = 0;
  }

  async function hit(key: string, windowMs: number, limit: number, tries = 2): Promise<Window> {
    const now = new Date().toISOString();
    await sweep(now);
    const reset = new Date(Date.now() + windowMs).toISOString();
    // A full, running window is left as it is: the update's condition fails and nothing is returned.
    const { rows } = await sql<{ count: number; reset_at: string }>`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, ${reset})
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
      where rate_limits.reset_at <= ${now} or rate_limits.count < ${limit}
      returning count, reset_at`.execute(db);
    if (rows[0]) return { count: Number(rows[0].count), resetAt: Date.parse(rows[0].reset_at) };
    const full = await db.selectFrom('rate_limits').select('reset_at').where('key', '=', key).executeTakeFirst();
    // Swept between the two statements: count again.
    if (!full && tries > 1) return hit(key, windowMs, limit, tries - 1);
    return { count: limit + 1, resetAt: full ? Date.parse(full.reset_at) : Date.now() + windowMs };
  }

  return {
    hit: (key, windowMs, limit) => hit(key, windowMs, limit),
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
