/**
 * Bulk work refreshes PostgreSQL's planner statistics of the tables it outgrew
 * (server/db/statistics.ts): a slug check planned on statistics of a near-empty table filters
 * the whole index by its list of candidates; once the table is analyzed, each candidate is an
 * index lookup. SQLite keeps no statistics, so there is nothing to refresh.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { PlannerStatistics } from '../../server/db/statistics.js';
import { dialects } from './harness.js';
import { throwawayDatabases } from './throwawayDatabases.js';

const throwaway = throwawayDatabases('statistics');
afterAll(throwaway.close);

/** Rows inserted and their counters flushed at once (a backend otherwise reports them up to a second later). */
async function insertSlugs(db: Kysely<any>, from: number, to: number) {
  await db.connection().execute(async (c) => {
    await sql`insert into slugs select 'product', 2, 'it', 'slug-' || i, i from generate_series(${from}::int, ${to}::int) i`.execute(c);
    await sql`select pg_stat_force_next_flush()`.execute(c);
  });
}

const slugCheckPlan = async (db: Kysely<any>) =>
  (
    await sql<{ 'QUERY PLAN': string }>`explain select slug, entity_id from slugs
      where entity = 'product' and tenant_id = 2 and language = 'it' and slug in ('slug-1', 'slug-2', 'slug-3')`.execute(db)
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');

for (const dialect of dialects()) {
  describe(dialect, () => {
    if (dialect === 'sqlite') {
      it('has nothing to refresh', async () => {
        const { db } = await throwaway.open('sqlite');
        expect(await new PlannerStatistics(db, 'sqlite').refresh()).toEqual([]);
        expect(await sql`select name from sqlite_master where name = 'sqlite_stat1'`.execute(db)).toMatchObject({ rows: [] });
      });
      return;
    }
    it('analyzes the tables that have at least doubled since they were last analyzed, and the slug check then looks each slug up', async () => {
      const { db } = await throwaway.open('postgres');
      await sql`create table slugs (entity text not null, tenant_id integer not null, language text not null, slug text not null,
        entity_id integer not null, primary key (entity, tenant_id, language, slug))`.execute(db);
      await sql`create table other (id integer primary key)`.execute(db);
      await sql`analyze slugs, other`.execute(db);
      await insertSlugs(db, 1, 3000);
      expect(await slugCheckPlan(db)).toMatch(/Filter: \(slug = ANY/);

      let clock = 0;
      const statistics = new PlannerStatistics(db, 'postgres', () => clock);
      expect(await statistics.refresh()).toEqual(['public.slugs']);
      expect(await slugCheckPlan(db)).toMatch(/Index Cond: .*slug = ANY/);

      await insertSlugs(db, 3001, 4500);
      expect(await statistics.refresh()).toEqual([]);
      clock += 1000;
      // 1,500 more rows on 3,000: grown by half, not doubled.
      expect(await statistics.refresh()).toEqual([]);
      await insertSlugs(db, 4501, 6000);
      clock += 1000;
      expect(await statistics.refresh()).toEqual(['public.slugs']);
    });
  });
}
