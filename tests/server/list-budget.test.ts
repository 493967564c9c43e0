/**
 * A list's reads have a time budget (LIST_QUERY_BUDGET_MS, docs/decisions.md §2, "Reads
 * that may take long"): a read that does not finish within it answers 503 with Retry-After
 * and the API's error body, and the next list is answered as usual. On SQLite the reads
 * are held by stopping the read pool's reader processes (SIGSTOP), on PostgreSQL by a lock
 * on the table, which the list's statement_timeout counts.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { longReads, rowsByIdReads } from '../../server/db/database.js';
import { readerPids } from './fixtures/readers.js';
import { describeEachDialect, type Harness } from './harness.js';

const BUDGET_MS = 500;

/** Makes every read of the products table hang until the returned function is called. */
async function holdProductReads(h: Harness): Promise<() => Promise<void>> {
  if (h.dialect === 'sqlite') {
    const pids = readerPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    return async () => {
      for (const pid of readerPids()) process.kill(pid, 'SIGCONT');
    };
  }
  const client = new pg.Client({ connectionString: h.config.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('lock table products in access exclusive mode');
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

describeEachDialect(
  'list time budget',
  (h) => {
    it('answers 503 with Retry-After to a list whose read outruns its budget, and the next list as usual', async () => {
      const host = 'rossi.localhost';
      const rossi = await h.login('rossi', host);
      const list = () => h.get('/api/products/', { host, session: rossi });
      expect((await list()).statusCode).toBe(200);

      const release = await holdProductReads(h);
      const started = performance.now();
      const res = await list().finally(release);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ detail: expect.stringMatching(/took longer than allowed and was stopped/) });
      expect(res.headers['retry-after']).toBe('5');
      expect(performance.now() - started).toBeGreaterThanOrEqual(BUDGET_MS - 50);

      const after = await list();
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().items.length).toBeGreaterThan(0);
    });

    if (h.dialect === 'postgres') {
      it("plans a list's reads with their values on PostgreSQL, every time, and other reads as the server chooses", async () => {
        // A generic plan, chosen after five cheap runs of a media search, read every match of the
        // word whatever the type asked for: 10 ms for audio instead of 0.4 (docs/decisions.md §60).
        const mode = async (db: typeof h.db) => (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)).rows[0]?.plan_cache_mode;
        expect(await mode(longReads(h.db, 1))).toBe('force_custom_plan');
        expect(await mode(h.db)).toBe('auto');
        // A found page's rows by id: nothing skewed to plan for, so planned once (decisions §64).
        expect(await mode(rowsByIdReads(h.db, 1))).toBe('auto');
      });
    } else {
      it("reads a found page's rows by id off the event loop, in the read pool", () => {
        expect(rowsByIdReads(h.db, 1)).not.toBe(h.db);
      });
    }
  },
  // Uncached, so every list reads.
  { env: { LIST_QUERY_BUDGET_MS: String(BUDGET_MS), LIST_CACHE_MB: '0' } },
);
