/**
 * Benchmark 1: GET /api/profiles/me/ at 50 connections against the built server (SQLite;
 * PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), compared with a
 * bare Fastify 5 JSON route measured the same way.
 * Budget (issue 2): ≥ 25% of the bare route's req/s, p99 < 20 ms.
 */
import { login, siteHeaders, startApp } from './lib/app.js';
import { tempDir } from './lib/lifecycle.js';
import { measureLoad, type LoadResult } from './lib/load.js';
import { createPgDatabase, pgAdminUrl } from './lib/pg.js';
import { cpuNote } from './lib/scenarios.js';
import { budgetStatus, int, ms, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';
import { startServer } from './lib/server.js';

const MIN_SHARE = 0.25;
const MAX_P99_MS = 20;

function loadNote(r: LoadResult) {
  const bad = r.non2xx + r.errors + r.timeouts;
  return bad ? ` [${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts]` : '';
}

/**
 * The bare-Fastify floor (bench/lib/bare-fastify.mjs) at 50 connections: the reference of
 * every share of bare; with `file`, bare Fastify sending that file's bytes instead.
 */
export async function measureBare(ctx: BenchContext, file?: { path: string; type: string }): Promise<LoadResult> {
  const env: Record<string, string> = file ? { BARE_FILE: file.path, BARE_TYPE: file.type } : {};
  const bare = await startServer({ name: 'bare fastify', script: 'bench/lib/bare-fastify.mjs', env, readyPath: '/' });
  try {
    ctx.log(`  bare Fastify on :${bare.port}${file ? `, sending ${file.path}` : ''}, ${ctx.loadSeconds} s at 50 connections…`);
    return await measureLoad(`${bare.url}/${file ? 'file' : ''}`, {
      pid: bare.pid,
      headers: { host: `localhost:${bare.port}` },
      warmupSeconds: ctx.warmupSeconds,
      durationSeconds: ctx.loadSeconds,
    });
  } finally {
    await bare.stop();
  }
}

async function measureProfile(ctx: BenchContext, dialect: string, databaseUrl?: string): Promise<LoadResult> {
  const app = await startApp({ name: `server (${dialect})`, dataDir: tempDir(`profile-${dialect}`), spaDir: ctx.snapshot.spaDir, databaseUrl });
  try {
    const token = await login(app);
    ctx.log(`  profiles/me on ${dialect} (:${app.port}), ${ctx.loadSeconds} s at 50 connections…`);
    return await measureLoad(`${app.url}/api/profiles/me/`, {
      pid: app.pid,
      headers: { host: siteHeaders(app.port).host, authorization: `Token ${token}` },
      warmupSeconds: ctx.warmupSeconds,
      durationSeconds: ctx.loadSeconds,
    });
  } finally {
    await app.stop();
  }
}

function profileRows(dialect: string, r: LoadResult, bare: LoadResult): Row[] {
  const share = r.rps / bare.rps;
  const clean = r.non2xx + r.errors + r.timeouts === 0;
  const note = loadNote(r);
  const cpuRows: Row[] =
    r.cpuMsPerRequest && bare.cpuMsPerRequest
      ? [
          {
            bench: 'profile',
            figure: `GET /api/profiles/me/ [${dialect}] server CPU per request vs bare`,
            budget: "reference (the req/s budget with the machine's other work taken out)",
            measured: `${r.cpuMsPerRequest.toFixed(3)} vs ${bare.cpuMsPerRequest.toFixed(3)} ms/req: ${((100 * bare.cpuMsPerRequest) / r.cpuMsPerRequest).toFixed(1)}% of bare`,
            status: 'info',
            value: (100 * bare.cpuMsPerRequest) / r.cpuMsPerRequest,
            unit: '% of bare (CPU)',
          },
        ]
      : [];
  return [
    ...cpuRows,
    {
      bench: 'profile',
      figure: `GET /api/profiles/me/ [${dialect}] req/s`,
      budget: `≥ ${MIN_SHARE * 100}% of bare Fastify`,
      measured: `${int(r.rps)} req/s = ${(share * 100).toFixed(1)}% of bare${note}`,
      status: budgetStatus(clean && share >= MIN_SHARE),
      value: share * 100,
      unit: '% of bare req/s',
      limit: MIN_SHARE * 100,
    },
    {
      bench: 'profile',
      figure: `GET /api/profiles/me/ [${dialect}] latency`,
      budget: `p99 < ${MAX_P99_MS} ms`,
      measured: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${cpuNote(r)}${note}`,
      status: budgetStatus(clean && r.p99 < MAX_P99_MS),
      value: r.p99,
      unit: 'ms',
      limit: MAX_P99_MS,
    },
  ];
}

export async function benchProfileMe(ctx: BenchContext): Promise<BenchOutcome> {
  const bare = await measureBare(ctx);
  ctx.bareRps = bare.rps;
  const sqlite = await measureProfile(ctx, 'sqlite');
  const rows: Row[] = [
    {
      bench: 'profile',
      figure: `bare Fastify GET / {hello:'world'}`,
      budget: 'reference',
      measured: `${int(bare.rps)} req/s, p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}${cpuNote(bare)}${loadNote(bare)}`,
      status: 'info',
      value: bare.rps,
      unit: 'req/s',
    },
    ...profileRows('sqlite', sqlite, bare),
  ];
  const details: Record<string, unknown> = { bare, sqlite };

  const adminUrl = pgAdminUrl();
  if (adminUrl) {
    const db = await createPgDatabase(adminUrl);
    try {
      const postgres = await measureProfile(ctx, 'postgres', db.url);
      rows.push(...profileRows('postgres', postgres, bare));
      details.postgres = postgres;
    } finally {
      await db.drop();
    }
  } else {
    rows.push({
      bench: 'profile',
      figure: 'GET /api/profiles/me/ [postgres]',
      budget: `≥ ${MIN_SHARE * 100}% of bare, p99 < ${MAX_P99_MS} ms`,
      measured: 'not run: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
      status: 'skipped',
    });
  }
  return { rows, details };
}
