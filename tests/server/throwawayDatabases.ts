/**
 * Empty throw-away databases of either dialect, for tests below the app (migrations, plans,
 * the driver): a SQLite file in a temporary folder, or a PostgreSQL database of its own on
 * TEST_DATABASE_URL's server. `afterAll(throwaway.close)` closes and drops every one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../server/db/database.js';
import { createPostgresDatabase, dropPostgresDatabase } from './postgresDatabases.js';

export function throwawayDatabases(label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bo-${label}-`));
  const cleanups: Array<() => Promise<void>> = [];
  let n = 0;
  return {
    async open(dialect: 'sqlite' | 'postgres'): Promise<Database> {
      let database: Database;
      if (dialect === 'sqlite') database = openDatabase({ databaseUrl: `sqlite:${path.join(dir, `${++n}.sqlite`)}`, dataDir: dir });
      else {
        const { name, url } = await createPostgresDatabase(`bo_test_${label.replace(/-/g, '_')}`);
        cleanups.push(() => dropPostgresDatabase(name));
        database = openDatabase({ databaseUrl: url, dataDir: dir });
      }
      cleanups.push(() => database.close());
      return database;
    },
    async close() {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
