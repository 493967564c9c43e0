/**
 * Benchmark of issue 20, point 3 (one slow list stalls every site), on SQLite: on the
 * products fixture (1,000,000 products in rossi's site, bench/products.ts) with the list
 * cache off, each candidate list below is timed once and the slowest — the worst list
 * query — is requested by 20 rossi clients without pause for BENCH_NOSTALL_SECONDS (15),
 * while a verdi client reads its own product list, one request after the other.
 * Budget: verdi's product list p99 < 20 ms. SQLITE_READERS=0 in the environment measures
 * the server without the read pool, its lists on the event loop.
 */
import { login, startApp } from './lib/app.js';
import { request } from './lib/server.js';
import { budgetStatus, int, ms, type BenchContext, type BenchOutcome } from './lib/report.js';
import { productsFixture } from './products.js';
import { crossSiteListStall, percentile } from '../tests/faults/lib/workload.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_NOSTALL_SECONDS ?? 15);
const OTHER_P99_MS = 20;

/** Deep pages and filters whose sort no index serves: each walks or sorts a large part of the table. */
const CANDIDATES = [
  '/api/products/?page=20000&sort=-updated_at',
  '/api/products/?page=99999',
  '/api/products/?fltr=status%3Darchived&sort=-updated_at',
  '/api/products/?fltr=status%3Ddraft&sort=-price',
  '/api/products/?search=agrotron&sort=-updated_at&page=500',
];

export async function benchNostall(ctx: BenchContext): Promise<BenchOutcome> {
  const fx = await productsFixture(ctx);
  const app = await startApp({ name: 'server (nostall)', dataDir: fx.dataDir, spaDir: ctx.snapshot.spaDir, env: { LIST_CACHE_MB: '0' } });
  try {
    const token = await login(app, 'rossi', undefined, 'rossi.localhost');
    const headers = { host: `rossi.localhost:${app.port}`, authorization: `Token ${token}` };
    const timed: Array<{ path: string; ms: number; status: number }> = [];
    for (const path of CANDIDATES) {
      const started = performance.now();
      const res = await request(`${app.url}${path}`, { headers });
      timed.push({ path, ms: performance.now() - started, status: res.status });
    }
    const worst = timed.filter((t) => t.status === 200).sort((a, b) => b.ms - a.ms)[0];
    if (!worst) throw new Error(`no candidate list answered 200: ${JSON.stringify(timed)}`);
    const readers = process.env.SQLITE_READERS ?? 'default';
    ctx.log(`  worst list ${worst.path} (${ms(worst.ms)} alone); ${CONNECTIONS} rossi clients request it for ${SECONDS} s, verdi reads its products…`);
    const f = await crossSiteListStall(app.url, { slowPath: worst.path, connections: CONNECTIONS, seconds: SECONDS });
    const other = { p50: percentile(f.otherMs, 50), p99: percentile(f.otherMs, 99) };
    const statuses = f.hammer.reduce<Record<number, number>>((acc, h) => ({ ...acc, [h.status]: (acc[h.status] ?? 0) + 1 }), {});
    const slowP50 = percentile(
      f.hammer.map((h) => h.ms),
      50,
    );
    const failed = f.failures.length ? `, ${f.failures.length} failed: ${f.failures[0]}` : '';
    return {
      rows: [
        {
          bench: 'nostall',
          figure: `verdi product list while ${CONNECTIONS} clients request rossi's worst list [sqlite, SQLITE_READERS ${readers}]`,
          budget: `p99 < ${OTHER_P99_MS} ms`,
          measured: `p99 ${ms(other.p99)}, p50 ${ms(other.p50)} (${int(f.otherMs.length)} lists${failed})`,
          status: budgetStatus(other.p99 < OTHER_P99_MS && f.failures.length === 0 && f.otherMs.length > 0),
          value: other.p99,
          unit: 'ms',
          limit: OTHER_P99_MS,
        },
        {
          bench: 'nostall',
          figure: `rossi's worst list ${worst.path}`,
          budget: 'report',
          measured: `${ms(worst.ms)} alone; hammered: ${f.hammer.length} in ${f.seconds.toFixed(1)} s, p50 ${ms(slowP50)}, answers ${JSON.stringify(statuses)}`,
          status: 'info',
          value: slowP50,
          unit: 'ms',
        },
      ],
      details: { candidates: timed, worst: worst.path, other, statuses, failures: f.failures.slice(0, 20), seconds: f.seconds, readers },
    };
  } finally {
    await app.stop();
  }
}
