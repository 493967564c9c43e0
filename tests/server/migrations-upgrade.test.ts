/**
 * A database made by an earlier commit upgrades to the schema a new database gets, on both
 * dialects: tables, columns (type, nullability, default, order), constraints, indexes,
 * triggers. The earlier databases are checked-in dumps (fixtures/migrations/, written by
 * make-fixture.sh): the release before (2664c37, every migration up to 0010) and a
 * database made while 0006–0008 were on main and 0004 was not (6f8af33), which must run
 * 0004 after them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, pgPoolOf, sqliteOf } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { migrationsFor } from '../../server/db/migrations/index.js';
import { migrationHooks } from '../../server/entities/maintenance.js';
import { dialects } from './harness.js';
import { createPostgresDatabase, dropPostgresDatabase } from './postgresDatabases.js';
import { postgresSchema, sqliteSchema } from './schemaSnapshot.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'migrations');
const EARLIER = ['release-2026-11-23', 'before-0004-2026-11-23'];
const ALL = Object.keys(migrationsFor('sqlite', migrationHooks)).sort();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-migrations-upgrade-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A database made from `fixture` (or empty), brought up to date by today's migrations. */
async function upgraded(dialect: 'sqlite' | 'postgres', fixture?: string): Promise<Database> {
  const dump = fixture && fs.readFileSync(path.join(FIXTURES, `${fixture}.${dialect}.sql`), 'utf8');
  let database: Database;
  if (dialect === 'sqlite') {
    const file = path.join(dir, `${fixture ?? 'fresh'}.sqlite`);
    if (dump) {
      const raw = new SqliteDatabase(file);
      raw.exec(dump);
      raw.close();
    }
    database = openDatabase({ databaseUrl: `sqlite:${file}`, dataDir: dir });
  } else {
    const { name, url } = await createPostgresDatabase('bo_test_upgrade');
    cleanups.push(() => dropPostgresDatabase(name));
    if (dump) {
      // Its own connection: the dump empties search_path for the session it runs in.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(dump);
      await client.end();
    }
    database = openDatabase({ databaseUrl: url, dataDir: dir });
  }
  cleanups.push(() => database.close());
  await migrateToLatest(database, migrationHooks);
  return database;
}

async function schemaOf(database: Database) {
  return database.dialect === 'sqlite' ? sqliteSchema(sqliteOf(database.db)!) : postgresSchema(pgPoolOf(database.db)!);
}

for (const dialect of dialects()) {
  describe(`${dialect}: upgrading an earlier database`, () => {
    for (const fixture of EARLIER) {
      it(`${fixture} ends with the schema of a new database and every migration recorded`, async () => {
        const fresh = await upgraded(dialect);
        const old = await upgraded(dialect, fixture);
        expect(await schemaOf(old)).toEqual(await schemaOf(fresh));
        const ran = await old.db
          .selectFrom('kysely_migration' as any)
          .select('name')
          .orderBy('name')
          .execute();
        expect(ran.map((r: any) => r.name)).toEqual(ALL);
      });
    }
  });
}
