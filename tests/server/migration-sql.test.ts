/**
 * `npm run migration-sql` (server/entities/migrationSql.ts): the statements it writes down,
 * run by runStatements, make on each dialect exactly what the engine's recipes make there
 * — for new fields (a number with a sort index, a boolean with a declared default, an m2m)
 * and for a new entity with a search table.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import { runStatements } from '../../server/db/columns.js';
import { type Database, pgPoolOf, sqliteOf } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { migrationHooks } from '../../server/entities/maintenance.js';
import { type MigrationPlan, migrationStatements } from '../../server/entities/migrationSql.js';
import { addEntityColumn, createEntityTable } from '../../server/entities/schema.js';
import { dialects } from './harness.js';
import { throwawayDatabases } from './throwawayDatabases.js';
import { postgresSchema, sqliteSchema } from './schemaSnapshot.js';

const product = ENTITIES.find((e) => e.name === 'product')!;
const tag = ENTITIES.find((e) => e.name === 'tag')!;
const REGISTRY: EntityDef[] = [
  ...ENTITIES.filter((e) => e !== product),
  {
    ...product,
    fields: {
      ...product.fields,
      warranty: { type: 'number', label: 'x' },
      on_offer: { type: 'boolean', default: true, label: 'x' },
      related_tags: { type: 'm2m', target: 'tag', label: 'x' },
    },
    list: { ...product.list, sortable: [...product.list.sortable, 'warranty'] },
  } as EntityDef,
  { ...tag, name: 'gadget', table: 'gadgets', path: 'gadgets' } as EntityDef,
];
const PLANS: MigrationPlan[] = [
  { entity: 'product', fields: ['warranty', 'on_offer', 'related_tags'], isNew: false },
  { entity: 'gadget', isNew: true },
];

const throwaway = throwawayDatabases('migration-sql');
afterAll(throwaway.close);

async function migrated(dialect: 'sqlite' | 'postgres'): Promise<Database> {
  const database = await throwaway.open(dialect);
  await migrateToLatest(database, migrationHooks);
  return database;
}

const schemaOf = (d: Database) => (d.dialect === 'sqlite' ? sqliteSchema(sqliteOf(d.db)!) : postgresSchema(pgPoolOf(d.db)!));

for (const dialect of dialects()) {
  describe(dialect, () => {
    it('writes down what the recipes make', async () => {
      const written = await migrated(dialect);
      for (const plan of PLANS) await runStatements(written.db, dialect, await migrationStatements(plan, REGISTRY));
      const recipes = await migrated(dialect);
      for (const f of PLANS[0]?.fields ?? []) await addEntityColumn(recipes.db, dialect, 'product', f, REGISTRY);
      await createEntityTable(recipes.db, dialect, 'gadget', undefined, REGISTRY);
      const schema = await schemaOf(written);
      expect(JSON.stringify(schema)).toContain('gadgets_search');
      expect(schema).toEqual(await schemaOf(recipes));
    });
  });
}
