/**
 * Benchmark: the delivery API (issue 15) of one dealer site holding the products fixture
 * (1,000,000 products, lib/bulkProducts.ts), SQLite and PostgreSQL side by side: a product
 * detail, the first list page, a deep list page and a `route` resolution, at 50
 * connections, anonymous on the dealer's host.
 * Budgets (issue 15): served (cached) at ≥ 40% of the bare-Fastify floor's req/s with
 * p99 < 10 ms; a 304 revalidation (If-None-Match with the answer's ETag) at ≥ 50% of the
 * floor; cold (the response cache off: the first answer after a write) p99 < 20 ms, and
 * p99 < 5 ms for a `route` resolution. A cold answer is the first after a write: one
 * request, so it is timed one connection at a time; at 50 connections the same pages are a
 * reference row, where p99 is the queue of 50 uncached answers on one event loop.
 * The rate limit is off for the budgets (every request comes from one address); a last
 * reference run keeps it on to show what counting each request costs.
 */
import { startApp } from './lib/app.js';
import { onBothDialects } from './lib/bothDialects.js';
import { measureLoad } from './lib/load.js';
import { startServer } from './lib/server.js';
import type { BenchContext, BenchOutcome } from './lib/report.js';
import { runScenarios, type Scenario, type ScenarioBudget } from './lib/scenarios.js';
import { productsFixture } from './products.js';

const SITE = 'rossi.localhost';
// A product of the demo catalog: the bulk rows have no slugs.
const SLUG = 'deutz-fahr-agrovector-35-7';
const MIN_SHARE = 0.4;

const MIN_REVALIDATE_SHARE = 0.5;
const ROUTE_COLD_P99_MS = 5;

const PAGES: Scenario[] = [
  { label: 'product detail', path: `/api/public/v1/products/${SLUG}` },
  { label: 'product list', path: '/api/public/v1/products/' },
  { label: 'product list page 1,000', path: '/api/public/v1/products/?page=1000' },
];
const ROUTE: Scenario = { label: 'route', path: `/api/public/v1/route?path=${encodeURIComponent(`/it/prodotti/${SLUG}`)}` };

/** The served pages, and each revalidated with its own ETag (304) at ≥ 50% of the floor. */
const served = (floor: number): Scenario[] => [
  ...PAGES,
  ROUTE,
  ...PAGES.map((s) => ({
    ...s,
    label: `${s.label}, 304`,
    revalidate: true,
    budget: { minRps: { value: floor * MIN_REVALIDATE_SHARE, why: `${MIN_REVALIDATE_SHARE * 100}% of bare` } },
  })),
];
/** Cold (the first answer after a write): route resolution is held to p99 < 5 ms. */
const COLD: Scenario[] = [...PAGES, { ...ROUTE, budget: { maxP99Ms: ROUTE_COLD_P99_MS } }];

async function bareFloor(ctx: BenchContext): Promise<number> {
  if (ctx.bareRps) return ctx.bareRps;
  const bare = await startServer({ name: 'bare fastify', script: 'bench/lib/bare-fastify.mjs', env: {}, readyPath: '/' });
  try {
    const r = await measureLoad(`${bare.url}/`, {
      pid: bare.pid,
      headers: { host: `localhost:${bare.port}` },
      warmupSeconds: 1,
      durationSeconds: ctx.listSeconds,
    });
    ctx.bareRps = r.rps;
    return r.rps;
  } finally {
    await bare.stop();
  }
}

async function onDialect(ctx: BenchContext, floor: number, adminUrl?: string) {
  const dialect = adminUrl ? 'postgres' : 'sqlite';
  const fx = await productsFixture(ctx, adminUrl);
  const runs: Array<{ label: string; env: Record<string, string>; scenarios: Scenario[]; budget: ScenarioBudget; reference?: string }> = [
    {
      label: 'cached',
      env: {},
      scenarios: served(floor),
      budget: { connections: 50, maxP99Ms: 10, minRps: { value: floor * MIN_SHARE, why: `${MIN_SHARE * 100}% of bare` } },
    },
    { label: 'cold', env: { LIST_CACHE_MB: '0' }, scenarios: COLD, budget: { connections: 1, maxP99Ms: 20 } },
    {
      label: 'cold, 50 connections',
      env: { LIST_CACHE_MB: '0' },
      scenarios: [...PAGES, ROUTE],
      budget: { connections: 50, maxP99Ms: 20 },
      reference: 'reference: 50 uncached answers queued on one event loop',
    },
    {
      label: 'cached, rate limit on',
      env: { PUBLIC_API_REQUESTS_PER_MINUTE: '1000000000' },
      scenarios: [...PAGES, ROUTE],
      budget: { connections: 50, maxP99Ms: 10 },
      reference: 'reference: each request counted (database, or Redis with REDIS_URL)',
    },
  ];
  const rows = [];
  for (const run of runs) {
    const app = await startApp({
      name: `server (public API, ${dialect}, ${run.label})`,
      dataDir: fx.dataDir,
      spaDir: ctx.snapshot.spaDir,
      databaseUrl: fx.databaseUrl,
      env: { PUBLIC_API_REQUESTS_PER_MINUTE: '0', ...run.env },
    });
    try {
      const out = await runScenarios(ctx, {
        bench: 'publicApi',
        subject: `public API [${dialect}, ${run.label}]`,
        baseUrl: app.url,
        pid: app.pid,
        headers: { host: `${SITE}:${app.port}` },
        scenarios: run.scenarios,
        budget: run.budget,
        reference: run.reference,
      });
      rows.push(...out.rows);
    } finally {
      await app.stop();
    }
  }
  return { rows, details: { dialect, floorRps: floor, fixtureBuilt: fx.built, fixtureBuildMs: fx.buildMs } };
}

export async function benchPublicApi(ctx: BenchContext): Promise<BenchOutcome> {
  const floor = await bareFloor(ctx);
  return onBothDialects('publicApi', { figure: 'public API [postgres]', budget: 'p99 < 10 ms' }, (adminUrl) => onDialect(ctx, floor, adminUrl));
}
