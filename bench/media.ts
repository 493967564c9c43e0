/**
 * Benchmark: the media library of one dealer site holding 1,000 and then 100,000 items
 * (SQLite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), signed in
 * as the site's dealer: a page, a two-word search and a type filter of the library root,
 * each at 20 connections. Both sizes are kept fixtures (lib/fixtures.ts, lib/bulkMedia.ts).
 * Budget (issue 4): each p99 < 15 ms; the cost flat from 1,000 to 100,000 items (the
 * 100,000 figure is reported beside the 1,000 one). Measured as served (the list cache on),
 * and at 100,000 items again with the cache off, for reference.
 */
import { login, startApp } from './lib/app.js';
import { seedMedia } from './lib/bulkMedia.js';
import { fixture, type Fixture } from './lib/fixtures.js';
import { pgAdminUrl } from './lib/pg.js';
import { int, ms, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';
import { runScenarios, type Scenario, type ScenarioResult } from './lib/scenarios.js';

const SIZES = [1_000, 100_000] as const;
const SITE = 'rossi.localhost';

const SCENARIOS: Scenario[] = [
  { label: 'page 20', path: '/api/media-folders/?page=20' },
  { label: 'search "tractor 42"', path: '/api/media-folders/?search=tractor%2042' },
  { label: 'filter mime_type=application/pdf', path: '/api/media-folders/?fltr=mime_type%3Dapplication%2Fpdf' },
];

async function onFixture(ctx: BenchContext, size: number, adminUrl?: string) {
  const dialect = adminUrl ? 'postgres' : 'sqlite';
  const fx = await fixture({
    name: `media${size}`,
    files: ['bench/lib/bulkMedia.ts', 'server/services/media/indexes.ts', 'server/services/media/terms.ts', 'server/list/words.ts'],
    adminUrl,
    seed: (db, d) => seedMedia(db, d, SITE, size).then(() => undefined),
    log: ctx.log,
  });
  if (fx.built) ctx.log(`  fixture built in ${(fx.buildMs! / 1000).toFixed(1)} s`);
  const served = await measure(ctx, fx, size, dialect);
  // At 100,000 items the same requests with the cache off too: what the first request after a write costs.
  const uncached = size === SIZES[1] ? await measure(ctx, fx, size, dialect, true) : undefined;
  return { ...served, rows: [...served.rows, ...(uncached?.rows ?? [])] };
}

async function measure(ctx: BenchContext, fx: Fixture, size: number, dialect: string, cacheOff = false) {
  const label = cacheOff ? ', cache off' : '';
  const app = await startApp({
    name: `server (media ${size}, ${dialect}${label})`,
    dataDir: fx.dataDir,
    spaDir: ctx.snapshot.spaDir,
    databaseUrl: fx.databaseUrl,
    env: cacheOff ? { LIST_CACHE_MB: '0' } : {},
  });
  try {
    const token = await login(app, 'rossi', undefined, SITE);
    return await runScenarios(ctx, {
      bench: 'media',
      subject: `media ${int(size)} [${dialect}${label}]`,
      baseUrl: app.url,
      pid: app.pid,
      headers: { host: `${SITE}:${app.port}`, authorization: `Token ${token}` },
      scenarios: SCENARIOS,
      budget: { connections: 20, maxP99Ms: 15 },
      reference: cacheOff ? 'reference: first answer after a write (LIST_CACHE_MB=0)' : undefined,
    });
  } finally {
    await app.stop();
  }
}

/** How the 100,000-item figures compare with the 1,000-item ones: "flat" is within noise. */
function flatness(dialect: string, small: ScenarioResult[], large: ScenarioResult[]): Row[] {
  return small.flatMap((s, i) => {
    const l = large[i];
    if (!l) return [];
    const ratio = s.rps / l.rps;
    return {
      bench: 'media',
      figure: `media ${s.label} [${dialect}]: 1,000 → 100,000 items`,
      budget: 'flat (req/s within 1.5×)',
      measured: `${int(s.rps)} → ${int(l.rps)} req/s (×${(1 / ratio).toFixed(2)}), p50 ${ms(s.p50)} → ${ms(l.p50)}`,
      status: ratio <= 1.5 ? 'pass' : 'FAIL',
      value: ratio,
      unit: 'req/s ratio',
      limit: 1.5,
    } satisfies Row;
  });
}

export async function benchMedia(ctx: BenchContext): Promise<BenchOutcome> {
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  const adminUrl = pgAdminUrl();
  for (const url of adminUrl ? [undefined, adminUrl] : [undefined]) {
    const dialect = url ? 'postgres' : 'sqlite';
    const [small, large] = [await onFixture(ctx, SIZES[0], url), await onFixture(ctx, SIZES[1], url)];
    rows.push(...small.rows, ...large.rows, ...flatness(dialect, small.results, large.results));
    details[dialect] = { [SIZES[0]]: small.results, [SIZES[1]]: large.results };
  }
  if (!adminUrl)
    rows.push({
      bench: 'media',
      figure: 'media [postgres]',
      budget: 'p99 < 15 ms',
      measured: 'not run: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
      status: 'skipped',
    });
  return { rows, details };
}
