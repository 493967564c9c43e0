import v8 from 'node:v8';
import { buildApp } from './app.js';
import { prepareDatabase } from './boot.js';
import { loadConfig } from './config.js';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_SITES, hasDemoData } from './seed/demo.js';
import { pruneRecords } from './activity/prune.js';
import { sweepMediaDebris } from './services/media/debris.js';
import { purgeExpiredSessions } from './services/sessions.js';
import { openMediaStorage } from './storage/index.js';

// Streams that shape many rows a second (export, sitemaps) keep each batch alive for a few
// scavenges; V8 then allocates those sites straight into the old generation, which only a full
// collection frees: over a million-row export the heap grew by 110 MB between collections. Without
// pretenuring they die young (docs/decisions.md §21).
v8.setFlagsFromString('--no-allocation-site-pretenuring');
// Those batches still move some objects to the old generation, and after each full collection V8
// lets it grow to up to four times what it kept before the next: an export, sitemap or import
// grew the server by 50–155 MB of garbage over a live heap of 30–55 MB. Growing by 30 % keeps that
// garbage to a third of the live heap, at no cost in rows per second measured (decisions §43).
v8.setFlagsFromString('--heap-growing-percent=30');

const config = loadConfig();
const { database, seeded } = await prepareDatabase(config, { seedWhenEmpty: true });
const app = await buildApp(config, database);
await app.listen({ host: config.host, port: config.port });

const port = (app.server.address() as { port: number }).port;
// performance.now() counts from process start, so this includes loading the code.
const lines = [`Dealer Back-office listening on ${config.host}:${port} (${database.dialect}) after ${Math.round(performance.now())} ms`];
if (seeded) lines.push('Created demo data.');
if (await hasDemoData(database.db)) {
  lines.push('', 'Sites:');
  for (const s of DEMO_SITES) lines.push(`  http://${s.host}:${port}/backoffice/   ${s.label}`);
  // The dealers' websites (server/site/), each read from its own delivery API.
  if (config.siteRenderer) {
    lines.push('', 'Websites:');
    for (const s of DEMO_SITES.filter((d) => d.host !== 'localhost')) lines.push(`  http://${s.host}:${port}/   ${s.label.replace(/ \(.*/, '')}`);
  }
  lines.push('', `Demo logins (password ${DEMO_PASSWORD}):`);
  for (const l of DEMO_LOGINS) lines.push(`  ${l.username.padEnd(8)} ${l.what}`);
}
console.log(lines.join('\n'));

// In the background: a large library takes a while to check, and nothing waits for it.
const sweepStorage = openMediaStorage(config);
sweepMediaDebris(database.db, sweepStorage, config.media)
  .finally(() => sweepStorage.close())
  .then((r) => {
    if (r.staged + r.orphans + r.parts) app.log.warn(r, 'removed media debris of an interrupted upload or delete');
  })
  .catch((error) => app.log.error({ err: error }, 'media debris sweep failed'));

// The hourly sweep: expired sessions; deleted rows and superseded drafts past REVISIONS_KEEP_DAYS lose their records.
const sweep = setInterval(() => {
  void purgeExpiredSessions(database.db).catch(() => undefined);
  void pruneRecords(database.db, config.revisionsKeepDays).catch((error) => app.log.error({ err: error }, 'pruning records failed'));
}, 3600_000);
sweep.unref();

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
