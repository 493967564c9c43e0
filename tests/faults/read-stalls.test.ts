/**
 * One site's slow lists do not stall another's (issue 20, point 3), against a real server
 * process on SQLite. rossi's products are made expensive to list: each carries megabytes of
 * translations, which the list reads its names out of (a few milliseconds per megabyte).
 * - A list read past LIST_QUERY_BUDGET_MS answers 503 with the API's error body, its reader
 *   is replaced, and the server keeps serving both sites.
 * - While 20 clients of rossi request that list without pause, verdi's product list
 *   answers in bounded time. Without the read pool (SQLITE_READERS=0) each of rossi's
 *   lists holds the event loop: verdi waits behind them for seconds.
 * The bound is loose for a loaded 2-core machine; the budget proper (20 ms) is measured by
 * `npm run bench -- nostall`.
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SiteClient } from './lib/client.js';
import { makeStore, startInstance, type Store, stopAll } from './lib/instances.js';
import { crossSiteListStall, percentile } from './lib/workload.js';

const PAD_MB = 8;
const SLOW_LIST = '/api/products/?items=100';
const CONNECTIONS = 20;
const SECONDS = 12;
const OTHER_P99_MS = 500;

/** Pads every product of the site with `mb` megabytes of translations; returns how many. */
function padProducts(dataDir: string, host: string, mb: number): number {
  const sqlite = new SqliteDatabase(path.join(dataDir, 'backoffice.sqlite'));
  try {
    sqlite.pragma('busy_timeout = 5000');
    const { tenant_id } = sqlite.prepare('select tenant_id from tenant_domains where domain = ?').get(host) as { tenant_id: number };
    const pad = 'x'.repeat(mb * 1_000_000);
    return sqlite.prepare("update products set translations = json_set(translations, '$.padding', ?) where tenant_id = ?").run(pad, tenant_id).changes;
  } finally {
    sqlite.close();
  }
}

describe('slow lists on one site [sqlite]', () => {
  const bundle = inject('serverBundle');
  const env = { LIST_CACHE_MB: '0' };
  let store: Store;

  beforeAll(async () => {
    store = await makeStore('sqlite');
    // The first start migrates and seeds the demo sites.
    await (await startInstance('read-stalls-seed', bundle, store)).stop();
    expect(padProducts(store.dataDir, 'rossi.localhost', PAD_MB)).toBeGreaterThanOrEqual(10);
  });
  afterAll(async () => {
    await stopAll();
    await store?.dispose();
  });

  it('answer 503 past the read budget, and the server keeps serving both sites', async () => {
    const server = await startInstance('read-stalls-budget', bundle, store, { ...env, LIST_QUERY_BUDGET_MS: '100' });
    const rossi = new SiteClient(server.url, 'rossi.localhost');
    const verdi = new SiteClient(server.url, 'verdi.localhost');
    await Promise.all([rossi.login('rossi'), verdi.login('verdi')]);

    const slow = await rossi.get(SLOW_LIST);
    expect(slow.status, slow.body.toString()).toBe(503);
    expect(slow.json()).toEqual({ detail: expect.stringMatching(/took longer than allowed and was stopped/) });
    expect(slow.headers['retry-after']).toBe('5');

    for (const [client, listPath] of [
      [verdi, '/api/products/'],
      [rossi, '/api/brand/'],
    ] as const) {
      const res = await client.get(listPath);
      expect(res.status, `${client.host} ${listPath}: ${res.body}`).toBe(200);
    }
  });

  it(`leave another site's product list answering in bounded time while ${CONNECTIONS} clients request them`, async () => {
    const server = await startInstance('read-stalls-hammer', bundle, store, env);
    const f = await crossSiteListStall(server.url, { slowPath: SLOW_LIST, connections: CONNECTIONS, seconds: SECONDS });
    const statuses = f.hammer.reduce<Record<number, number>>((acc, h) => ({ ...acc, [h.status]: (acc[h.status] ?? 0) + 1 }), {});
    const summary = JSON.stringify({
      lists: f.otherMs.length,
      p50: Math.round(percentile(f.otherMs, 50)),
      p99: Math.round(percentile(f.otherMs, 99)),
      slowLists: statuses,
      slowP50: Math.round(
        percentile(
          f.hammer.map((h) => h.ms),
          50,
        ),
      ),
      failures: f.failures.slice(0, 3),
    });
    expect(f.failures, summary).toEqual([]);
    // Every slow list was read (or stopped at the budget): never a 500.
    expect(
      Object.keys(statuses).every((s) => s === '200' || s === '503'),
      summary,
    ).toBe(true);
    expect(f.hammer.length, summary).toBeGreaterThanOrEqual(CONNECTIONS);
    expect(f.otherMs.length, summary).toBeGreaterThanOrEqual(50);
    expect(percentile(f.otherMs, 99), summary).toBeLessThan(OTHER_P99_MS);
  });
});
