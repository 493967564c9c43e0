import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { migrationHooks } from './entities/maintenance.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { syncPermissions } from './seed/permissions.js';
import { openMediaStorage } from './storage/index.js';

/**
 * Opens the database, brings its schema up to date and, when it is new, fills it with demo
 * data — with pictures in the media library unless `demoPictures` is false (server tests
 * start from empty libraries).
 */
export async function prepareDatabase(config: Config, opts: { seedWhenEmpty: boolean; demoPictures?: boolean }) {
  const database = openDatabase(config);
  await migrateToLatest(database, migrationHooks);
  await syncPermissions(database.db);
  const seeded = opts.seedWhenEmpty && (await isEmpty(database.db));
  if (seeded) {
    const media = opts.demoPictures === false ? undefined : openMediaStorage(config);
    await seedDemo(database.db, { media }).finally(() => media?.close());
  }
  return { database, seeded };
}
