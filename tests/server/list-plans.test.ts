/**
 * Every list request a screen can make (bench/lib/listCombinations.ts: each filter value
 * kind × each sort and direction × search off, with a frequent word and with a rare one ×
 * first, middle and last page) runs its queries through the engine, and each query's plan
 * is read back (issue 20):
 *   SQLite      EXPLAIN QUERY PLAN. Without statistics (the server gathers none) the
 *               planner picks the same plan on ten rows as on ten million, so the shape is
 *               checked: no table scan, and no sort unless the rows come by id from a
 *               search driver (fewer than DRIVER_CAP rows);
 *   PostgreSQL  EXPLAIN on a fixture of ROWS rows per large table after ANALYZE, so the
 *               planner costs real sizes: no sequential scan of a large table, and no sort
 *               of more than DRIVER_CAP rows.
 * A failure names the combination, the query and the offending plan line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CompiledQuery, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../entities/define.js';
import type { Paginator } from '../../entities/paginator.js';
import { tenantUser } from '../../entities/tenantUser.js';
import { user } from '../../entities/user.js';
import { MEDIA_WORDS as BENCH_MEDIA_WORDS } from '../../bench/lib/bulkMedia.js';
import { type Combination, entityCombinations, LISTED, mediaCombinations } from '../../bench/lib/listCombinations.js';
import { BIG_SITE, seedScale } from '../../bench/lib/scaleFixture.js';
import { prepareDatabase } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { type Database, pgPoolOf, sqliteOf } from '../../server/db/database.js';
import { contextForSite } from '../../server/entities/context.js';
import { listRecords } from '../../server/entities/list/listRecords.js';
import { parseListQuery } from '../../server/entities/list/query.js';
import { columnOf, isJoinField, joinTableOf, searchTableOf } from '../../server/entities/schema.js';
import { COUNT_CAP, DRIVER_CAP, MAX_OFFSET, WALK_SCAN_CAP } from '../../server/list/caps.js';
import { searchWords } from '../../server/list/words.js';
import { type ListOptions, listMedia, MEDIA_PAGE_SIZE, parseFltr } from '../../server/services/media/library.js';
import { MEDIA_WORDS } from '../../server/services/media/terms.js';
import { findTenantByHost } from '../../server/services/tenants.js';
import { listAccounts } from '../../server/users/list.js';
import { type Roster, rosterOf } from '../../server/users/roster.js';
import { dialects } from './harness.js';
import { recording } from './recordedQueries.js';
import { createPostgresDatabase, dropPostgresDatabase } from './postgresDatabases.js';

/** Rows of each large table: on PostgreSQL enough that a scan or a big sort costs more than an index walk; pages deeper than MAX_OFFSET. */
const ROWS = 30_000;
const LARGE = ['products', 'products_search', 'indexing_actions', 'indexing_actions_search', 'media', 'media_terms', 'users', 'users_search'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-list-plans-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function fixtureDatabase(dialect: 'sqlite' | 'postgres'): Promise<Database> {
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const { name, url } = await createPostgresDatabase('bo_test_list_plans');
    cleanups.push(() => dropPostgresDatabase(name));
    databaseUrl = url;
  }
  const dataDir = fs.mkdtempSync(path.join(dir, `${dialect}-`));
  const { database } = await prepareDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }), { seedWhenEmpty: true, demoPictures: false });
  cleanups.push(() => database.close());
  await seedScale(database.db, dialect, () => undefined, { sites: 20, rows: ROWS, users: ROWS / 2 });
  for (const table of LARGE) {
    const { n } = await (database.db as Kysely<any>)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    tableRows.set(table, Number(n));
  }
  return database;
}

/** SQLite's plan of a recorded query. */
function sqlitePlan(database: Database, q: CompiledQuery): PlanRow[] {
  return sqliteOf(database.db)!
    .prepare(`explain query plan ${q.sql}`)
    .all(...(q.parameters as unknown[])) as PlanRow[];
}

/** The id of the fixture's big site. */
async function bigSiteId(database: Database): Promise<number> {
  const row = await database.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', BIG_SITE).executeTakeFirstOrThrow();
  return Number(row.tenant_id);
}

/** The big site's products, listed through a connection that records its queries. */
async function recordedProducts(database: Database) {
  const big = await bigSiteId(database);
  const { db, take } = recording(database.db);
  const ctx = (await contextForSite(db, big, { media: true }))!;
  return { ctx, take, product: LISTED.find((e) => e.name === 'product')! };
}

interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

const SUBQUERY = /^(LIST|SCALAR|CORRELATED \w+) SUBQUERY|^CO-ROUTINE|^MATERIALIZE/;

/**
 * SQLite: no full scan of a large table, and a sort only of rows read one by one by id
 * from a list that is bounded — the page's own ids (a LIMIT over the same table, or passed
 * as values) or a search word's matches (the search table; fewer than DRIVER_CAP,
 * server/list/plan.ts).
 */
function sqliteProblems(rows: PlanRow[]): string[] {
  const problems = rows.filter((r) => /^SCAN \w+$/.test(r.detail) && LARGE.includes(r.detail.slice(5))).map((r) => r.detail);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const scopeOf = (r: PlanRow): number => {
    for (let p = byId.get(r.parent); p; p = byId.get(p.parent)) if (SUBQUERY.test(p.detail)) return p.id;
    return 0;
  };
  const within = (scope: number) => rows.filter((r) => scopeOf(r) === scope);
  const below = (id: number): PlanRow[] => rows.filter((r) => r.parent === id).flatMap((r) => [r, ...below(r.id)]);
  for (const sort of rows.filter((r) => /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(r.detail))) {
    const scope = scopeOf(sort);
    const mine = within(scope);
    const table = mine.map((r) => /^SEARCH (\w+) USING (INTEGER PRIMARY KEY \(rowid=\?\)|.*\bid=\?\))$/.exec(r.detail)?.[1]).find(Boolean);
    const lists = mine.filter((r) => /^LIST SUBQUERY/.test(r.detail)).flatMap((r) => below(r.id).map((x) => x.detail));
    // A record's rows of a join table (its gallery, by position) are as many as the field's `max`.
    const oneRecord = mine.some((r) => /^SEARCH \w+ USING .*\(source_id=\?\)$/.test(r.detail));
    // The walks of a filter's values, merged: each stops after the page (MAX_MERGED_VALUES of them at most).
    const merged = mine.some((r) => /^SCAN (merged|v\d+)$/.test(r.detail));
    // Rows by id from a list of values (a page's ids, or a driving word's matches, passed back in).
    const literal = table !== undefined && !mine.some((r) => /^(LIST SUBQUERY|CO-ROUTINE|SCAN|MULTI-INDEX)/.test(r.detail));
    // A driving search word's matches (fewer than DRIVER_CAP), read from a search index.
    const driven = mine.some((r) => /^CO-ROUTINE/.test(r.detail) && below(r.id).some((x) => /^SEARCH .*(_search|media_terms)/.test(x.detail)));
    const bounded =
      oneRecord ||
      merged ||
      literal ||
      driven ||
      (table !== undefined && lists.some((d) => new RegExp(`^(SEARCH|SCAN) (${table}|${table}_search)\\b`).test(d)));
    if (!bounded) problems.push(`${sort.detail} (${mine.map((r) => r.detail).join('; ')})`);
  }
  return problems;
}

/** Rows of each large table of the PostgreSQL fixture. */
const tableRows = new Map<string, number>();

/** What is wrong with a query's plan, or nothing. */
async function planProblems(database: Database, q: CompiledQuery): Promise<string[]> {
  if (database.dialect === 'sqlite') return sqliteProblems(sqlitePlan(database, q));
  const { rows } = await pgPoolOf(database.db)!.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${q.sql}`, q.parameters as unknown[]);
  const problems: string[] = [];
  const walk = (node: Record<string, any>, limited: boolean) => {
    const type = node['Node Type'];
    // A scan under a LIMIT that keeps a quarter of the rows or more stops after at most four times the limit.
    if (type === 'Seq Scan' && LARGE.includes(node['Relation Name']) && !(limited && node['Plan Rows'] * 4 >= tableRows.get(node['Relation Name'])!)) {
      problems.push(`Seq Scan on ${node['Relation Name']} (${node['Plan Rows']} rows)`);
    }
    // The merged walks of a filter's values (v0, v1, …) are each cut after the page, at most MAX_OFFSET rows in.
    if (type === 'Sort' && !/^(v\d+|merged)\./.test(String(node['Sort Key']?.[0]))) {
      const input = node.Plans?.[0]?.['Plan Rows'] ?? 0;
      if (input > DRIVER_CAP) problems.push(`Sort of ${input} rows by ${node['Sort Key']}`);
    }
    for (const child of node.Plans ?? []) walk(child, limited || type === 'Limit');
  };
  const plan = (rows[0]?.['QUERY PLAN'] as Array<{ Plan: Record<string, any> }> | undefined)?.[0]?.Plan;
  if (!plan) throw new Error('EXPLAIN answered no plan');
  walk(plan, false);
  return problems;
}

/** Values of a field in the site's rows (two, for "several"), and two search words: a frequent one and a rare one. */
async function samplesFor(db: Kysely<any>, entity: EntityDef, tenantId: number) {
  const values = new Map<string, Array<string | number>>();
  const scoped = entity.scope !== 'master';
  for (const def of entity.list.filters) {
    const field = entity.fields[def.field];
    const [table, column] =
      field && isJoinField(field) ? [joinTableOf(entity, def.field), 'target_id'] : [entity.table, field ? columnOf(def.field, field) : def.field];
    let q = db.selectFrom(table).select(sql.ref(column).as('v')).distinct().where(sql.ref(column), 'is not', null).limit(2);
    if (scoped && !(field && isJoinField(field))) q = q.where('tenant_id', '=', tenantId);
    values.set(
      def.field,
      (await q.execute()).map((r) => r.v as string | number),
    );
  }
  const words: string[] = [];
  if (entity.list.search.length) {
    const tokens = await db
      .selectFrom(searchTableOf(entity))
      .select(['token', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', scoped ? tenantId : 0)
      .groupBy('token')
      .orderBy('n', 'desc')
      .orderBy('token')
      .execute();
    const [firstToken, lastToken] = [tokens[0], tokens.at(-1)];
    if (firstToken && lastToken) words.push(firstToken.token, lastToken.token);
  }
  return { samples: (field: string) => values.get(field) ?? [], words };
}

type Raw = Record<string, string>;

/** The list query of `raw`, which the combinations make valid. */
function parsed(entity: EntityDef, raw: Raw) {
  const { query, errors } = parseListQuery(entity, raw);
  expect(errors).toEqual({});
  return query;
}

/** The accounts lists: each roster, as a superuser and as a market administrator sees it (server/users/roster.ts). */
const ROSTERS = [
  { label: "a dealer site's users", entity: user, host: BIG_SITE, actor: 'admin' },
  { label: "the master site's users", entity: user, host: 'localhost', actor: 'admin' },
  { label: "the master site's users to a market administrator", entity: user, host: 'localhost', actor: 'market' },
  { label: 'dealer users', entity: tenantUser, host: 'localhost', actor: 'admin' },
  { label: 'dealer users to a market administrator', entity: tenantUser, host: 'localhost', actor: 'market' },
];

async function rosterFor(db: Kysely<any>, entity: EntityDef, host: string, username: string): Promise<Roster> {
  const site = (await findTenantByHost(db, host))!;
  const a = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'role', 'is_superuser', 'tenant_id', 'market_id'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return rosterOf(entity, site, { ...a, is_superuser: Number(a.is_superuser) === 1 }, []);
}

/** Two sites with dealer users, and two words of the roster's index: its most frequent and its rarest. */
async function accountSamples(db: Kysely<any>, roster: Roster) {
  const sites = (
    await db.selectFrom('users').select('tenant_id').distinct().where('role', '=', 'DE').where('tenant_id', 'is not', null).limit(2).execute()
  ).map((r) => Number(r.tenant_id));
  const [scope, tenant] = roster.kind === 'site' ? ['site', roster.site.id] : [roster.kind, 0];
  const tokens = await db
    .selectFrom('users_search')
    .select(['token', (eb) => eb.fn.countAll<number>().as('n')])
    .where('roster', '=', scope)
    .where('tenant_id', '=', tenant)
    .groupBy('token')
    .orderBy('n', 'desc')
    .orderBy('token')
    .execute();
  const words = [undefined, tokens[0]?.token, tokens.at(-1)?.token].filter((w, i) => i === 0 || w !== undefined) as Array<string | undefined>;
  return { samples: (field: string) => (field === 'tenant' ? sites : []), words };
}

/** The media library's list options of a query string, as the route reads them (server/routes/mediaFolders.ts). */
function mediaOptions(tenantId: number, raw: Raw): ListOptions {
  return {
    tenantId,
    folderId: null,
    all: raw.all === 'true',
    filter: parseFltr(raw.fltr),
    words: searchWords(raw.search ?? '', MEDIA_WORDS),
    page: Number(raw.page ?? 1),
    pageSize: MEDIA_PAGE_SIZE,
    language: 'en',
  };
}

/**
 * Runs each combination at its first page, then its middle and last pages and the deepest
 * page read from the start (MAX_OFFSET rows in): a page deep from both ends must answer
 * 400 pageTooDeep, as every list does. Then reads the plan of every query they ran.
 */
async function expectBoundedPlans(
  database: Database,
  take: () => CompiledQuery[],
  combos: Iterable<Combination>,
  list: (raw: Raw) => Promise<{ paginator: Paginator }>,
) {
  const failures: string[] = [];
  const explained = new Set<string>();
  for (const c of combos) {
    const raw = Object.fromEntries(new URLSearchParams(c.query));
    const first = await list(raw);
    const { pages, page_size: size } = first.paginator;
    for (const page of new Set([Math.ceil(pages / 2), pages, Math.min(pages, Math.floor(MAX_OFFSET / size) + 1)].filter((p) => p > 1))) {
      const paged = { ...raw, page: String(page) };
      const deep = Math.min((page - 1) * size, first.paginator.count - page * size) > MAX_OFFSET;
      if (deep) await expect(list(paged)).rejects.toMatchObject({ statusCode: 400, problems: { page: [{ code: 'pageTooDeep' }] } });
      else await list(paged);
    }
    for (const q of take()) {
      const key = `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
      if (explained.has(key)) continue;
      explained.add(key);
      for (const problem of await planProblems(database, q)) failures.push(`${c.query || '(no parameters)'}: ${problem}\n    ${q.sql}`);
    }
  }
  if (process.env.PLANS_DUMP) console.log([...new Set(failures.map((f) => (f.split('\n')[0] ?? '').replace(/^[^:]*: /, '')))].join('\n'));
  expect(failures.slice(0, 20), `${failures.length} unbounded plans`).toEqual([]);
}

for (const dialect of dialects()) {
  describe(dialect, () => {
    let database: Database;
    beforeAll(async () => {
      database = await fixtureDatabase(dialect);
    }, 600_000);

    it('reads a page near the end in the reversed order: the same rows as skipping from the start', async () => {
      const big = await bigSiteId(database);
      const ctx = (await contextForSite(database.db, big, { media: true }))!;
      const product = LISTED.find((e) => e.name === 'product')!;
      const { query } = parseListQuery(product, { sort: '-updated_at', page: '2990', items: '10', fltr: 'status=published' });
      const { items, paginator } = await listRecords(ctx, product, query, 'en');
      expect(paginator.count_exact).toBe(true);
      expect((paginator.page - 1) * 10).toBeGreaterThan(MAX_OFFSET);
      const direct = await (database.db as Kysely<any>)
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', big)
        .where('status', '=', 'published')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .offset((paginator.page - 1) * 10)
        .execute();
      expect(items.map((i) => i.id)).toEqual(direct.map((r) => Number(r.id)));
    });

    if (dialect === 'sqlite') {
      it('walks a date range on another column than the sort in the index alone, on SQLite', async () => {
        const master = await database.db.selectFrom('tenants').select('id').where('kind', '=', 'default').executeTakeFirstOrThrow();
        const { db, take } = recording(database.db);
        const ctx = (await contextForSite(db, Number(master.id), { media: true }))!;
        const log = LISTED.find((e) => e.name === 'indexingLog')!;
        // Every action of the fixture was made before today: more than DRIVER_CAP match, so the sort index is walked.
        const { query } = parseListQuery(log, { fltr: `created_at=..${new Date().toISOString().slice(0, 10)}`, sort: 'status', page: '2' });
        await listRecords(ctx, log, query, 'en');
        const walks: string[] = [];
        for (const q of take()) {
          if (!/order by "indexing_actions"."status"/.test(q.sql)) continue;
          walks.push(
            ...sqlitePlan(database, q)
              .filter((r) => /^SCAN indexing_actions\b/.test(r.detail))
              .map((r) => r.detail),
          );
        }
        expect(walks).toEqual([expect.stringMatching(/USING COVERING INDEX indexing_actions_by_status$/)]);
      });

      it('reads the lengths of a walking search with its matches, in one statement', async () => {
        const { ctx, take, product } = await recordedProducts(database);
        // One series in eight: more than DRIVER_CAP match, fewer than the count cap among the rows a walk examines.
        const { query } = parseListQuery(product, { search: 'agrotron', sort: '-price' });
        const { paginator } = await listRecords(ctx, product, query, 'en');
        expect(paginator).toMatchObject({ count_exact: false, searched_rows: WALK_SCAN_CAP });
        expect(take().filter((q) => /^select count\(\*\)/.test(q.sql))).toEqual([]);
      });

      it('probes a row for a search word in the index alone, on SQLite', async () => {
        const { ctx, take, product } = await recordedProducts(database);
        // Two words: whichever drives or walks, a row is probed for a word.
        const { query } = parseListQuery(product, { search: 'agrotron 1', sort: '-price' });
        await listRecords(ctx, product, query, 'en');
        const probes: string[] = [];
        for (const q of take()) {
          probes.push(
            ...sqlitePlan(database, q)
              .filter((r) => /^SEARCH p\b/.test(r.detail))
              .map((r) => r.detail),
          );
        }
        expect(probes.length).toBeGreaterThan(0);
        expect(new Set(probes)).toEqual(new Set(['SEARCH p USING COVERING INDEX products_search_entity (entity_id=? AND token>? AND token<?)']));
      });
    }

    // Accounts and media are listed by code of their own (server/users, server/services/media): below.
    for (const entity of LISTED.filter((e) => e.table !== 'users')) {
      it(`${entity.name}: every combination's plan is bounded`, async () => {
        const master = await database.db.selectFrom('tenants').select('id').where('kind', '=', 'default').executeTakeFirstOrThrow();
        const big = await bigSiteId(database);
        const siteId = entity.scope === 'master' ? Number(master.id) : big;
        const { db, take } = recording(database.db);
        const ctx = (await contextForSite(db, siteId, { media: true }))!;
        const { samples, words } = await samplesFor(database.db, entity, siteId);
        const combos = new Map<string, Combination>();
        for (const word of words.length ? words : [undefined]) for (const c of entityCombinations(entity, samples, word)) combos.set(c.query, c);
        await expectBoundedPlans(database, take, combos.values(), (raw) => listRecords(ctx, entity, parsed(entity, raw), 'en'));
      }, 300_000);
    }

    for (const { label, entity, host, actor } of ROSTERS) {
      it(`accounts, ${label}: every combination's plan is bounded`, async () => {
        const roster = await rosterFor(database.db, entity, host, actor);
        const { db, take } = recording(database.db);
        const { samples, words } = await accountSamples(database.db, roster);
        const combos = new Map<string, Combination>();
        for (const word of words) for (const c of entityCombinations(roster.entity, samples, word)) combos.set(c.query, c);
        await expectBoundedPlans(database, take, combos.values(), (raw) => listAccounts(db, roster, parsed(roster.entity, raw)));
      }, 300_000);
    }

    it('accounts: a page past the capped count answers the last page within the cap, as entity lists do', async () => {
      const roster = await rosterFor(database.db, tenantUser, 'localhost', 'admin');
      const { items, paginator } = await listAccounts(database.db, roster, parsed(roster.entity, { page: '5000', sort: '-updated_at' }));
      expect(paginator).toEqual({
        count: COUNT_CAP,
        count_exact: false,
        page: COUNT_CAP / 10,
        pages: COUNT_CAP / 10,
        page_size: 10,
        has_next: false,
        has_previous: true,
      });
      const direct = await (database.db as Kysely<any>)
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'DE')
        .where('tenant_id', 'is not', null)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .offset(COUNT_CAP - 10)
        .execute();
      expect(items.map((i) => i.id)).toEqual(direct.map((r) => Number(r.id)));
    });

    it("media: every combination's plan is bounded", async () => {
      const big = await bigSiteId(database);
      const { db, take } = recording(database.db);
      await expectBoundedPlans(database, take, mediaCombinations(BENCH_MEDIA_WORDS[0]!), (raw) => listMedia(db, mediaOptions(big, raw)));
    }, 300_000);

    it('media: a page deep from both ends is refused, one near the end is read from the end', async () => {
      const site = await bigSiteId(database);
      const { paginator } = await listMedia(database.db, mediaOptions(site, {}));
      expect(paginator.count).toBeGreaterThan(2 * MAX_OFFSET + 18);
      const middle = String(Math.ceil(paginator.pages / 2));
      await expect(listMedia(database.db, mediaOptions(site, { page: middle }))).rejects.toMatchObject({
        statusCode: 400,
        problems: { page: [{ code: 'pageTooDeep' }] },
      });
      const nearEnd = paginator.pages - 2;
      const { items } = await listMedia(database.db, mediaOptions(site, { page: String(nearEnd) }));
      const direct = await (database.db as Kysely<any>)
        .selectFrom('media')
        .select('id')
        .where('tenant_id', '=', site)
        .where('folder_id', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(18)
        .offset((nearEnd - 1) * 18)
        .execute();
      expect(items.map((i) => i.id)).toEqual(direct.map((r) => Number(r.id)));
    });
  });
}
