/**
 * 0004_sites over a database that already has sites (an upgrade): the domains they have in
 * tenant_domains land on their rows, and the dealer sites list and search as the API would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { migratorFor } from '../../server/db/migrate.js';
import { migrationHooks } from '../../server/entities/maintenance.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-sites-migration-'));
const database = openDatabase({ dataDir: dir });
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('copies existing domains onto the sites and counts and indexes the dealer sites only', async () => {
  const migrator = migratorFor(database, migrationHooks);
  expect((await migrator.migrateTo('0003_catalog')).error).toBeUndefined();
  const db = database.db as any;
  const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
  const { id: it } = await db
    .insertInto('markets')
    .values({ code: 'IT', name: 'Italia', ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: master } = await db
    .insertInto('tenants')
    .values({ name: 'Platform', kind: 'default', ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: dealer } = await db
    .insertInto('tenants')
    .values({ name: 'Old Dealer', kind: 'dealer', market_id: it, brand_list: '["DF"]', ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tenant_domains')
    .values([
      { domain: 'localhost', tenant_id: master, is_primary: 1 },
      { domain: 'www.old.example', tenant_id: dealer, is_primary: 0 },
      { domain: 'old.example', tenant_id: dealer, is_primary: 1 },
      { domain: 'shop.old.example', tenant_id: dealer, is_primary: 0 },
    ])
    .execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db.selectFrom('tenants').select(['id', 'domain', 'aliases']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: master, domain: 'localhost', aliases: '[]' },
    { id: dealer, domain: 'old.example', aliases: '["shop.old.example","www.old.example"]' },
  ]);
  const counted = await db.selectFrom('entity_counts').select(['entity', 'n']).where('field', '=', '').orderBy('entity').execute();
  expect(counted.map((c: { entity: string; n: number }) => [c.entity, Number(c.n)])).toEqual([
    ['market', 1],
    ['tenant', 1],
  ]);
  const tokens = await db.selectFrom('tenants_search').select('entity_id').distinct().execute();
  expect(tokens.map((t: { entity_id: number }) => Number(t.entity_id))).toEqual([dealer]);
});
