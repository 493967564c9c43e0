/**
 * The list indexes a migrated database holds are the ones the declarations ask for
 * (server/entities/indexPlan.ts): a declaration that offers a new filter × sort pair
 * without the migration that makes its index fails here, and the failure prints the
 * statements to write into a new migration.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, pgPoolOf, sqliteOf } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { createIndexSql, listIndexPlan } from '../../server/entities/indexPlan.js';
import { migrationHooks } from '../../server/entities/maintenance.js';
import { dialects } from './harness.js';
import { throwawayDatabases } from './throwawayDatabases.js';

const throwaway = throwawayDatabases('list-indexes');
afterAll(throwaway.close);

async function migrated(dialect: 'sqlite' | 'postgres'): Promise<Database> {
  const database = await throwaway.open(dialect);
  await migrateToLatest(database, migrationHooks);
  return database;
}

/** Every index of the database as `table(col, col, …)`, by name. */
async function indexesOf(d: Database): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (d.dialect === 'sqlite') {
    const db = sqliteOf(d.db)!;
    const all = db.prepare(`select name, tbl_name as "table" from sqlite_master where type = 'index' and sql is not null`).all() as Array<{
      name: string;
      table: string;
    }>;
    for (const { name, table } of all) {
      const columns = (db.prepare(`select name from pragma_index_info(?) order by seqno`).all(name) as Array<{ name: string }>).map((c) => c.name);
      out.set(name, `${table}(${columns.join(', ')})`);
    }
  } else {
    const { rows } = await pgPoolOf(d.db)!.query<{ name: string; table: string; columns: string[] }>(
      `select i.relname as name, t.relname as table, array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
         join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n) as columns
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace s on s.oid = t.relnamespace where s.nspname = current_schema()`,
    );
    for (const r of rows) out.set(r.name, `${r.table}(${r.columns.join(', ')})`);
  }
  return out;
}

for (const dialect of dialects()) {
  describe(dialect, () => {
    it('holds every filter × sort index the declarations ask for, each once', async () => {
      const have = await indexesOf(await migrated(dialect));
      const plan = listIndexPlan();
      const missing = plan.filter((i) => have.get(i.name) !== `${i.table}(${i.columns.join(', ')})`);
      expect(missing.map(createIndexSql), 'write these into a new migration').toEqual([]);
      // No pair twice under two names (a renamed declaration leaves its old index behind).
      const shapes = [...have.values()];
      for (const i of plan)
        expect(
          shapes.filter((s) => s === `${i.table}(${i.columns.join(', ')})`),
          i.name,
        ).toHaveLength(1);
      expect(plan.length).toBeGreaterThan(50);
    });
  });
}
