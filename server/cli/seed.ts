import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrationHooks } from '../entities/maintenance.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from '../seed/demo.js';
import { LocalDiskStorage } from '../storage/index.js';

const config = loadConfig();
const database = openDatabase(config);
await migrateToLatest(database, migrationHooks);
await seedDemo(database.db, { media: new LocalDiskStorage(config.media.dir) });
await database.close();
console.log(`Demo data reset. Logins (password ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((l) => l.username).join(', ')}`);
