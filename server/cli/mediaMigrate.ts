import { parseArgs } from 'node:util';
import { loadConfig, type StoreKind } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateMedia } from '../services/media/migrate.js';
import { openStore } from '../storage/index.js';

/**
 * `npm run media:migrate -- --to s3` (or `--to local`): copies every stored file and
 * variant into that store (docs/decisions.md §22). The servers must already write there and
 * read through to the other store, so nothing stops while it runs; it is safe to stop and
 * run again.
 */
const { values } = parseArgs({ options: { to: { type: 'string' } } });
const to = values.to as StoreKind;
if (to !== 's3' && to !== 'local') {
  console.error('Usage: npm run media:migrate -- --to s3|local');
  process.exit(2);
}
const from: StoreKind = to === 's3' ? 'local' : 's3';
const config = loadConfig();
if (config.media.store !== to || config.media.fallback !== from) {
  console.error(
    `First set MEDIA_STORAGE=${to} and MEDIA_STORAGE_FALLBACK=${from} on every server (and here), and restart them:\n` +
      `new uploads then go to ${to} and reads fall back to ${from} while this copies.`,
  );
  process.exit(2);
}

const database = openDatabase(config);
const [source, target] = [openStore(config, from), openStore(config, to)];
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
try {
  const report = await migrateMedia(database.db, source, target, { signal: stop.signal });
  console.log(
    `Copied ${report.copied}, already in ${to} ${report.present}, in neither store ${report.missing.length}, checksum mismatch ${report.mismatched.length}.`,
  );
  for (const key of report.missing) console.log(`  missing: ${key}`);
  for (const key of report.mismatched) console.log(`  mismatch (removed from ${to}, run again): ${key}`);
  if (stop.signal.aborted) console.log('Stopped: run again to resume.');
  else if (report.mismatched.length === 0)
    console.log(`Done: remove MEDIA_STORAGE_FALLBACK from every server and restart them; ${from} then holds only old copies.`);
  process.exitCode = report.mismatched.length || stop.signal.aborted ? 1 : 0;
} finally {
  await Promise.all([source.close(), target.close(), database.close()]);
}
