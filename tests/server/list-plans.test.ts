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
import { type CompiledQuery, Kysely, type LogEvent, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../entities/define.js';
import { type Combination, entityCombinations, LISTED } from '../../bench/lib/listCombinations.js';
import { BIG_SITE, seedScale } from '../../bench/lib/scaleFixture.js';
import { prepareDatabase } from '../../server/boot.js';
import { loadConfig } from '../../server/config.js';
import { type Database, pgPoolOf, sqliteOf } from '../../server/db/database.js';
import { contextForSite } from '../../server/entities/context.js';
import { listRecords } from '../../server/entities/list/listRecords.js';
import { parseListQuery } from '../../server/entities/list/query.js';
import { columnOf, isJoinField, joinTableOf, searchTableOf } from '../../server/entities/schema.js';
import { DRIVER_CAP, MAX_OFFSET } from '../../server/list/caps.js';
import { dialects } from './harness.js';
import { createPostgresDatabase, dropPostgresDatabase } from './postgresDatabases.js';

/** Rows of each large table: on PostgreSQL enough that a scan or a big sort costs more than an index walk; pages deeper than MAX_OFFSET. */
const ROWS = 30_000;
const LARGE = ['products', 'products_search', 'indexing_actions', 'indexing_actions_search', 'media', 'users'];

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
  await seedScale(database.db, dialect, () => undefined, { sites: 20, rows: ROWS, users: ROWS / 10 });
  for (const table of LARGE) {
    const { n } = await (database.db as Kysely<any>)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    tableRows.set(table, Number(n));
  }
  return database;
}

/** A Kysely over the same connection that records every query it runs. */
function recording(database: Database) {
  const seen: CompiledQuery[] = [];
  const log = (e: LogEvent) => {
    if (e.level === 'query') seen.push(e.query);
  };
  const db =
    database.dialect === 'sqlite'
      ? new Kysely<any>({ dialect: new SqliteDialect({ database: sqliteOf(database.db)! }), log })
      : new Kysely<any>({ dialect: new PostgresDialect({ pool: pgPoolOf(database.db)! }), log });
  return { db, take: () => seen.splice(0) };
}

interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

const SUBQUERY = /^(LIST|SCALAR|CORRELATED \w+) SUBQUERY|^CO-ROUTINE|^MATERIALIZE/;

/**
 * SQLite: no full scan of a large table, and a sort only of rows read one by one by id
 * from a list that is bounded — the page's own ids (a LIMIT over the same table) or a
 * search word's matches (the search table; fewer than DRIVER_CAP, server/list/plan.ts).
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
    const bounded = oneRecord || merged || (table !== undefined && lists.some((d) => new RegExp(`^(SEARCH|SCAN) (${table}|${table}_search)\\b`).test(d)));
    if (!bounded) problems.push(`${sort.detail} (${mine.map((r) => r.detail).join('; ')})`);
  }
  return problems;
}

/** Rows of each large table of the PostgreSQL fixture. */
const tableRows = new Map<string, number>();

/** What is wrong with a query's plan, or nothing. */
async function planProblems(database: Database, q: CompiledQuery): Promise<string[]> {
  if (database.dialect === 'sqlite') {
    const rows = sqliteOf(database.db)!
      .prepare(`explain query plan ${q.sql}`)
      .all(...(q.parameters as unknown[])) as PlanRow[];
    return sqliteProblems(rows);
  }
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

for (const dialect of dialects()) {
  describe(dialect, () => {
    let database: Database;
    beforeAll(async () => {
      database = await fixtureDatabase(dialect);
    }, 600_000);

    it('reads a page near the end in the reversed order: the same rows as skipping from the start', async () => {
      const big = await database.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', BIG_SITE).executeTakeFirstOrThrow();
      const ctx = (await contextForSite(database.db, Number(big.tenant_id), { media: true }))!;
      const product = LISTED.find((e) => e.name === 'product')!;
      const { query } = parseListQuery(product, { sort: '-updated_at', page: '2990', items: '10', fltr: 'status=published' });
      const { items, paginator } = await listRecords(ctx, product, query, 'en');
      expect(paginator.count_exact).toBe(true);
      expect((paginator.page - 1) * 10).toBeGreaterThan(MAX_OFFSET);
      const direct = await (database.db as Kysely<any>)
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', Number(big.tenant_id))
        .where('status', '=', 'published')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .offset((paginator.page - 1) * 10)
        .execute();
      expect(items.map((i) => i.id)).toEqual(direct.map((r) => Number(r.id)));
    });

    // Accounts and media are listed by code of their own (server/users, server/services/media).
    for (const entity of LISTED.filter((e) => e.table !== 'users')) {
      it(`${entity.name}: every combination's plan is bounded`, async () => {
        const master = await database.db.selectFrom('tenants').select('id').where('kind', '=', 'default').executeTakeFirstOrThrow();
        const big = await database.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', BIG_SITE).executeTakeFirstOrThrow();
        const siteId = Number(entity.scope === 'master' ? master.id : big.tenant_id);
        const { db, take } = recording(database);
        const ctx = (await contextForSite(db, siteId, { media: true }))!;
        const { samples, words } = await samplesFor(database.db, entity, siteId);
        const combos = new Map<string, Combination>();
        for (const word of words.length ? words : [undefined]) for (const c of entityCombinations(entity, samples, word)) combos.set(c.query, c);
        const failures: string[] = [];
        const explained = new Set<string>();
        for (const c of combos.values()) {
          const raw = Object.fromEntries(new URLSearchParams(c.query));
          const first = await listRecords(ctx, entity, parseListQuery(entity, raw).query, 'en');
          const { pages, page_size: size } = first.paginator;
          // Middle and last, and the deepest page read from the start (MAX_OFFSET rows in).
          for (const page of new Set([Math.ceil(pages / 2), pages, Math.min(pages, Math.floor(MAX_OFFSET / size) + 1)].filter((p) => p > 1))) {
            const { query, errors } = parseListQuery(entity, { ...raw, page: String(page) });
            expect(errors).toEqual({});
            const deep = Math.min((page - 1) * size, first.paginator.count - page * size) > MAX_OFFSET;
            if (deep)
              await expect(listRecords(ctx, entity, query, 'en')).rejects.toMatchObject({ statusCode: 400, problems: { page: [{ code: 'pageTooDeep' }] } });
            else await listRecords(ctx, entity, query, 'en');
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
      }, 300_000);
    }
  });
}
