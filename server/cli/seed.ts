import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrationHooks } from '../entities/maintenance.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from '../seed/demo.js';
import { openMediaStorage } from '../storage/index.js';

const config = loadConfig();
const database = openDatabase(config);
await migrateToLatest(database, migrationHooks);
const media = openMediaStorage(config);
await seedDemo(database.db, { media });
await media.close();
await database.close();
console.log(`Demo data reset. Logins (password ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((l) => l.username).join(', ')}`);
