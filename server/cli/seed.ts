import fs from 'node:fs/promises';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from '../seed/demo.js';
import { seedDemoMedia } from '../seed/demoMedia.js';

const config = loadConfig();
const database = openDatabase(config);
await migrateToLatest(database);
await seedDemo(database.db);
// The reset emptied the media tables: their files go too, before the demo pictures are stored.
await fs.rm(config.media.dir, { recursive: true, force: true });
await fs.rm(config.media.stagingDir, { recursive: true, force: true });
await seedDemoMedia(database, config);
await database.close();
console.log(`Demo data reset. Logins (password ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((l) => l.username).join(', ')}`);
