/**
 * Benchmark `indexing` (issue 6): 10,000 indexing actions queued while the server is down,
 * drained by the restarted server's own dispatcher (log notifier) while autocannon reads
 * GET /api/products/ as a dealer at 30 connections. Reports dispatch throughput, time to drain, and the API's p50/p99 with the
 * dispatcher idle and while it drains. SQLite (one writer: the hard case).
 * Budget: the dispatcher does not block API requests — p99 while draining at most twice
 * the idle p99 plus 10 ms, and no failed request.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/database.js';
import { insertActions, TABLE } from '../server/services/indexing/store.js';
import { startApp } from './lib/app.js';
import { tempDir } from './lib/lifecycle.js';
import { loadResult, measureLoad } from './lib/load.js';
import { budgetStatus, int, ms, type BenchContext, type BenchOutcome } from './lib/report.js';
import { request } from './lib/server.js';

const ACTIONS = 10_000;
const CONNECTIONS = 30;
/** The run stays well under a minute even on a loaded machine: the idle run is short and the drain is cut off. */
const IDLE_SECONDS = 6;
const MAX_DRAIN_MS = 30_000;

async function loginAs(url: string, host: string, username: string): Promise<string> {
  const res = await request(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${res.body.slice(0, 200)}`);
  return (JSON.parse(res.body) as { token: string }).token;
}

export async function benchIndexingDispatcher(ctx: BenchContext): Promise<BenchOutcome> {
  const dataDir = tempDir('indexing');
  const env = { INDEXING_POLL_MS: '200' };
  let app = await startApp({ name: 'server (indexing)', dataDir, spaDir: ctx.snapshot.spaDir, env });
  const database = openDatabase({ dataDir });
  try {
    const host = `rossi.localhost:${app.port}`;
    const token = await loginAs(app.url, host, 'rossi');
    const headers = { host, authorization: `Token ${token}` };
    const count = async (status: string) =>
      Number(
        (
          await database.db
            .selectFrom(TABLE as never)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status' as never, '=', status as never)
            .where('url' as never, 'like', '%/bench-%' as never)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The demo data's own actions are sent first, so the idle run is idle.
    const anyPending = async () =>
      (
        await database.db
          .selectFrom(TABLE as never)
          .select('id' as never)
          .where('status' as never, '=', 'pending' as never)
          .limit(1)
          .execute()
      ).length > 0;
    for (const t = performance.now(); (await anyPending()) && performance.now() - t < 10_000;) await new Promise((r) => setTimeout(r, 100));

    const idleSeconds = Math.min(ctx.loadSeconds, IDLE_SECONDS);
    ctx.log(`  GET /api/products/ as rossi, dispatcher idle, ${idleSeconds} s at ${CONNECTIONS} connections…`);
    const idle = await measureLoad(`${app.url}/api/products/`, {
      headers,
      connections: CONNECTIONS,
      warmupSeconds: ctx.warmupSeconds,
      durationSeconds: idleSeconds,
    });

    // Queued while the server is down (SQLite has one writer: a second process writing
    // would make the server wait for its lock), then drained by the restarted server.
    await app.stop();
    ctx.log(`  ${int(ACTIONS)} actions queued with the server stopped; restart, same load until the dispatcher has drained them…`);
    const now = new Date().toISOString();
    for (let i = 0; i < ACTIONS; i += 500) {
      const batch = Array.from({ length: Math.min(500, ACTIONS - i) }, (_, k) => ({
        url: `https://rossi.localhost/it/products/bench-${i + k}`,
        action: 'updated' as const,
        site: 'rossi.localhost',
        tenantId: 2,
        entity: 'product',
        entityId: i + k + 1,
      }));
      await database.db.transaction().execute((trx) => insertActions(trx, batch, now));
    }
    app = await startApp({ name: 'server (indexing, restarted)', dataDir, spaDir: ctx.snapshot.spaDir, env });
    const target = `${app.url}/api/products/`;
    const restartedHeaders = { ...headers, host: `rossi.localhost:${app.port}` };
    const ready = performance.now();
    let load: autocannon.Instance | undefined;
    const loaded = new Promise<autocannon.Result>((resolve, reject) => {
      load = autocannon({ url: target, connections: CONNECTIONS, duration: MAX_DRAIN_MS / 1000 + 5, headers: restartedHeaders }, (err, result) =>
        err ? reject(err) : resolve(result),
      );
    });
    let left = await count('pending');
    while (left > 0 && performance.now() - ready < MAX_DRAIN_MS) {
      await new Promise((r) => setTimeout(r, 50));
      left = await count('pending');
    }
    const drainMs = performance.now() - ready;
    load!.stop();
    const busy = await loaded;
    const sent = await count('sent');
    const during = loadResult(target, CONNECTIONS, drainMs / 1000, busy);
    const drained = left === 0 && sent === ACTIONS;
    const bad = during.non2xx + during.errors + during.timeouts;
    const p99Limit = idle.p99 * 2 + 10;
    return {
      rows: [
        {
          bench: 'indexing',
          figure: `dispatch ${int(ACTIONS)} queued actions (log notifier, sqlite)`,
          budget: 'all sent',
          measured: drained
            ? `${int(ACTIONS / (drainMs / 1000))} actions/s, drained in ${ms(drainMs)}`
            : `${int(left)} still pending after ${ms(drainMs)}, ${int(sent)} sent`,
          status: budgetStatus(drained),
          value: drainMs,
          unit: 'ms',
        },
        {
          bench: 'indexing',
          figure: `GET /api/products/ [sqlite] dispatcher idle`,
          budget: 'reference',
          measured: `${int(idle.rps)} req/s, p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}`,
          status: 'info',
          value: idle.p99,
          unit: 'ms',
        },
        {
          bench: 'indexing',
          figure: `GET /api/products/ [sqlite] while draining`,
          budget: `p99 ≤ 2 × idle + 10 ms, no failed request`,
          measured: `${int(during.rps)} req/s, p50 ${ms(during.p50)}, p99 ${ms(during.p99)}${bad ? ` [${bad} failed]` : ''}`,
          status: budgetStatus(bad === 0 && during.p99 <= p99Limit),
          value: during.p99,
          unit: 'ms',
          limit: p99Limit,
        },
      ],
      details: { idle, during, drainMs, sent },
    };
  } finally {
    await database.close();
    await app.stop();
  }
}
