/**
 * Benchmark 16 (issue 16's budgets): a row's history and a site's activity log at scale, and
 * what storing a revision adds to a save.
 *
 * - Fixture: the demo data, plus 10,000 revisions of one of rossi's products and 1,000,000
 *   activity entries of rossi's site (users, models and actions in turn, one a second from
 *   2024), inserted set-based like the products fixture. Pages of the history (first, deep)
 *   and of the log (first, deep, by action, user, model and a date range) at 20 connections:
 *   p99 < 50 ms for the history, < 20 ms for the log.
 * - The save: sequential PATCHes of one product (each with the version the last answered) on
 *   a fresh demo database, against the same on the last commit before revisions existed
 *   (BEFORE_REVISIONS, built once into the bench cache), alternating rounds so both see the
 *   same machine: p50 and p99 of each, and the ratio (budget: < +15 %).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../server/db/database.js';
import { prepareDatabase } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { login, siteHeaders, startApp } from './lib/app.js';
import { onBothDialects } from './lib/bothDialects.js';
import { fixture } from './lib/fixtures.js';
import { tempDir } from './lib/lifecycle.js';
import { referenceBundle } from './lib/reference.js';
import { ROOT } from './lib/paths.js';
import { budgetStatus, int, ms, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';
import { runScenarios, type Scenario } from './lib/scenarios.js';
import { request } from './lib/server.js';

const SITE = 'rossi.localhost';
const REVISIONS = Number(process.env.BENCH_HISTORY_REVISIONS ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ACTIVITY_ENTRIES ?? 1_000_000);
const SAVES = Number(process.env.BENCH_SAVES ?? 300);
/** The last commit of main before every write stored a revision (issue 16). */
const BEFORE_REVISIONS = 'bea098c';
const MODELS = ['product', 'usedProduct', 'news', 'promotion', 'brand', 'category', 'tag'];
const ACTIONS = ['update', 'update', 'update', 'create', 'delete', 'login'];

interface Seeded {
  product: number;
  /** An id halfway down the row's history and down the site's log: where a deep page starts. */
  historyMiddle: number;
  logMiddle: number;
  user: number;
}

const list = (values: Array<string | number>) => values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ');

async function seedActivity(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const d = await db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', SITE).executeTakeFirstOrThrow();
  const tenant = Number(d.tenant_id);
  const t = await db.selectFrom('tenants').select('market_id').where('id', '=', tenant).executeTakeFirstOrThrow();
  const market = t.market_id === null ? 'null' : String(Number(t.market_id));
  const product = await db.selectFrom('products').select('id').where('tenant_id', '=', tenant).orderBy('id').executeTakeFirstOrThrow();
  const created = await db
    .selectFrom('activity')
    .select(['record', 'changes'])
    .where('model', '=', 'product')
    .where('object_id', '=', Number(product.id))
    .executeTakeFirstOrThrow();
  const users = (await db.selectFrom('users').select('id').where('tenant_id', '=', tenant).execute()).map((u) => Number(u.id));
  const pick = (values: Array<string | number>, i: string) =>
    dialect === 'postgres'
      ? `(array[${list(values)}])[1 + ${i} % ${values.length}]`
      : `json_extract('${JSON.stringify(values)}', '$[' || (${i} % ${values.length}) || ']')`;
  const stamp =
    dialect === 'postgres'
      ? `to_char(timestamp '2024-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds')`;
  const series = (count: number) =>
    dialect === 'postgres'
      ? `select i from generate_series(1, ${count}) as i`
      : `with recursive seq(i) as (select 1 union all select i + 1 from seq limit ${count}) select i from seq`;
  const quote = (v: unknown) => (v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`);
  await db.transaction().execute(async (trx) => {
    // The log: every entry a line of the site, a tenth of them revisions of some row.
    await sql
      .raw(
        `insert into activity (at, tenant_id, market_id, user_id, username, ip, action, model, object_id, version, changes, record)
         select ${stamp}, ${tenant}, ${market}, ${pick(users, 'i')}, 'bench', '127.0.0.1', ${pick(ACTIONS, 'i')}, ${pick(MODELS, '(i / 6)')},
                1000000 + i % 50000, 1, '{"fields":["price"],"translations":{}}', null
         from (${series(ENTRIES)}) as g order by i`,
      )
      .execute(trx);
    // One row's long history: the revision of its creation, REVISIONS times (each a full record).
    await sql
      .raw(
        `insert into activity (at, tenant_id, market_id, user_id, username, ip, action, model, object_id, version, changes, record)
         select ${stamp}, ${tenant}, ${market}, ${pick(users, 'i')}, 'bench', '127.0.0.1', 'update', 'product', ${Number(product.id)}, 1 + i,
                ${quote(created.changes)}, ${quote(created.record)}
         from (${series(REVISIONS)}) as g order by i`,
      )
      .execute(trx);
  });
  if (dialect === 'postgres') await sql`analyze activity`.execute(db);
  else await sql`analyze`.execute(db);
}

/** The ids the scenarios name, read from the fixture's database. */
async function seededIds(dataDir: string, databaseUrl?: string): Promise<Seeded> {
  const { database } = await prepareDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }), { seedWhenEmpty: false });
  try {
    return await idsIn(database.db);
  } finally {
    await database.close();
  }
}

async function idsIn(db: Kysely<any>): Promise<Seeded> {
  const d = await db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', SITE).executeTakeFirstOrThrow();
  const tenant = Number(d.tenant_id);
  const product = Number((await db.selectFrom('products').select('id').where('tenant_id', '=', tenant).orderBy('id').executeTakeFirstOrThrow()).id);
  const nth = async (q: any, n: number) => Number((await q.select('id').orderBy('id', 'desc').offset(n).limit(1).executeTakeFirstOrThrow()).id);
  return {
    product,
    historyMiddle: await nth(db.selectFrom('activity').where('model', '=', 'product').where('object_id', '=', product), Math.floor(REVISIONS / 2)),
    logMiddle: await nth(db.selectFrom('activity').where('tenant_id', '=', tenant), Math.floor(ENTRIES / 2)),
    user: Number((await db.selectFrom('users').select('id').where('username', '=', 'rossi').executeTakeFirstOrThrow()).id),
  };
}

function scenarios(ids: Seeded): Scenario[] {
  const history: Scenario['budget'] = { maxP99Ms: 50 };
  return [
    { label: `history of one row (${int(REVISIONS)} revisions), first page`, path: `/api/products/${ids.product}/revisions/`, budget: history },
    { label: 'history, a page halfway down', path: `/api/products/${ids.product}/revisions/?before=${ids.historyMiddle}`, budget: history },
    { label: 'history, one revision with its diff', path: `/api/products/${ids.product}/revisions/${ids.historyMiddle}/`, budget: history },
    { label: `activity log (${int(ENTRIES)} entries), first page`, path: '/api/activity/' },
    { label: 'activity log, a deep page', path: `/api/activity/?before=${ids.logMiddle}` },
    { label: 'activity log, action=delete', path: '/api/activity/?action=delete' },
    { label: 'activity log, one user', path: `/api/activity/?user=${ids.user}` },
    { label: 'activity log, model=news', path: '/api/activity/?model=news' },
    { label: 'activity log, one day in 2024', path: '/api/activity/?from=2024-03-01&to=2024-03-02' },
  ];
}

async function onDialect(ctx: BenchContext, adminUrl?: string) {
  const dialect = adminUrl ? 'postgres' : 'sqlite';
  const fx = await fixture({ name: `history${REVISIONS}-${ENTRIES}`, files: ['bench/history.ts'], adminUrl, seed: seedActivity, log: ctx.log });
  if (fx.built) ctx.log(`  fixture built in ${(fx.buildMs! / 1000).toFixed(1)} s`);
  const app = await startApp({ name: `server (history, ${dialect})`, dataDir: fx.dataDir, spaDir: ctx.snapshot.spaDir, databaseUrl: fx.databaseUrl });
  try {
    const token = await login(app, 'rossi', undefined, SITE);
    const headers = { host: `${SITE}:${app.port}`, authorization: `Token ${token}` };
    const ids = await seededIds(fx.dataDir, fx.databaseUrl);
    const { rows, results } = await runScenarios(ctx, {
      bench: 'history',
      subject: `[${dialect}]`,
      baseUrl: app.url,
      pid: app.pid,
      headers,
      scenarios: scenarios(ids),
      budget: { connections: 20, maxP99Ms: 20 },
    });
    return { rows, details: { dialect, ids, results, fixtureBuilt: fx.built, fixtureBuildMs: fx.buildMs } };
  } finally {
    await app.stop();
  }
}

/** dist/server/main.js of BEFORE_REVISIONS, built once into the bench cache (a detached worktree beside the repository's node_modules). */
/** Sequential saves of one product, each with the version the last answered: ms per save. */
async function saves(url: string, port: number, token: string, count: number): Promise<number[]> {
  const headers = { ...siteHeaders(port, SITE), authorization: `Token ${token}`, 'content-type': 'application/json' };
  const first = JSON.parse((await request(`${url}/api/products/?sort=id`, { headers })).body) as { items: Array<{ id: number }> };
  const id = first.items[0]!.id;
  let version = (JSON.parse((await request(`${url}/api/products/${id}/`, { headers })).body) as { version: number }).version;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await request(`${url}/api/products/${id}/`, { method: 'PATCH', headers, body: JSON.stringify({ version, price: 10_000 + (i % 500) }) });
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${res.body.slice(0, 300)}`);
    version = (JSON.parse(res.body) as { version: number }).version;
  }
  return times;
}

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

async function saveCost(ctx: BenchContext): Promise<Row[]> {
  const servers = { before: referenceBundle(ctx, BEFORE_REVISIONS, 'before revisions'), after: path.join(ROOT, 'dist/server/main.js') };
  const times: Record<keyof typeof servers, number[]> = { before: [], after: [] };
  // Four rounds each, alternating, so that both see the same machine.
  for (let round = 0; round < 4; round++) {
    for (const side of ['before', 'after'] as const) {
      const app = await startApp({
        name: `server (saves, ${side})`,
        dataDir: tempDir(`saves-${side}-${round}`),
        spaDir: ctx.snapshot.spaDir,
        script: servers[side],
      });
      try {
        const token = await login(app, 'rossi', undefined, SITE);
        await saves(app.url, app.port, token, 50);
        times[side].push(...(await saves(app.url, app.port, token, SAVES / 4)));
      } finally {
        await app.stop();
      }
    }
  }
  const p = (side: keyof typeof servers, q: number) => quantile(times[side], q);
  const ratio = p('after', 0.5) / p('before', 0.5);
  return [
    {
      bench: 'history',
      figure: `save of a product (PATCH, sequential, SQLite): p50 with revisions vs ${BEFORE_REVISIONS} before them`,
      budget: '< +15 %',
      measured: `${ms(p('after', 0.5))} vs ${ms(p('before', 0.5))} (${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %); p99 ${ms(p('after', 0.99))} vs ${ms(p('before', 0.99))}`,
      status: budgetStatus(ratio < 1.15),
      value: ratio,
      unit: 'ratio',
      limit: 1.15,
    },
  ];
}

export async function benchHistory(ctx: BenchContext): Promise<BenchOutcome> {
  const outcome = await onBothDialects('history', { figure: 'history and activity [postgres]', budget: 'p99 < 20 / 50 ms' }, (adminUrl) =>
    onDialect(ctx, adminUrl),
  );
  return { rows: [...outcome.rows, ...(await saveCost(ctx))], details: outcome.details };
}
