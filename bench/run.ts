/**
 * npm run bench [-- <name>…]: builds if dist/ is missing or stale, runs the benchmarks
 * (the BENCHMARKS below; all by default), prints one table of
 * figure | budget | measured | result and writes it as JSON to bench/results/<timestamp>.json.
 * The large databases (products, media) are fixtures built on the first run and kept
 * (bench/lib/fixtures.ts): that first run takes minutes longer. No benchmark starts once
 * BENCH_BUDGET_SECONDS (540) have passed; the rest are reported as skipped.
 *
 * Benchmarks report, they do not gate: the exit code is 0 when budgets fail and non-zero
 * only when a benchmark crashed. Environment:
 *   BENCH_SECONDS=10       measured seconds per autocannon run (warm-up: BENCH_WARMUP_SECONDS=2)
 *   BENCH_LIST_SECONDS=5   measured seconds per list scenario (products, media; 1 s warm-up)
 *   BENCH_PRODUCTS=1000000 rows of the products fixture;  BENCH_RESEED=1 rebuilds fixtures
 *   BENCH_HISTORY_REVISIONS=10000, BENCH_ACTIVITY_ENTRIES=1000000, BENCH_SAVES=300 the history bench
 *   BENCH_UPLOAD_MB=200;  BENCH_THUMB_IMAGES=100, BENCH_THUMB_SECONDS=60
 *   BENCH_STALL_SECONDS=20 heavy GIF uploads beside another site's logins and files
 *   BENCH_NOSTALL_SECONDS=15 one site's worst list hammered beside another site's product list
 *   BENCH_SCALE_SITES=3000, BENCH_SCALE_ROWS=1000000, BENCH_SCALE_USERS=100000 the scale fixture;
 *   BENCH_SCALE_REPEATS=3 timed requests per list combination, BENCH_SCALE_WORST_REPEATS=100
 *   BENCH_SCHEDULE_ACTIONS=10000 the schedule bench (BENCH_SCHEDULE_LEAD_MS=15000 from seeding to the moment due)
 *   BENCH_VISIBLE_RUNS=10  Chromium runs;  BENCH_STARTUP_RUNS=5  restarts
 *   BENCH_DATABASE_URL / TEST_DATABASE_URL   also run profile, products and media on PostgreSQL
 *   CHROMIUM_PATH          default /usr/bin/chromium
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchIndexingDispatcher } from './indexingDispatcher.js';
import { benchFormBundle } from './formBundle.js';
import { benchLoginBundle } from './loginBundle.js';
import { benchLoginVisible } from './loginVisible.js';
import { benchMedia } from './media.js';
import { benchNostall } from './nostall.js';
import { benchProducts } from './products.js';
import { benchRenditions } from './renditions.js';
import { benchProfileMe } from './profileMe.js';
import { benchPublicApi } from './publicApi.js';
import { benchScale } from './scale.js';
import { benchSchedule } from './schedule.js';
import { benchSitemap } from './sitemap.js';
import { benchExport } from './exportRows.js';
import { benchHistory } from './history.js';
import { benchImport } from './importRows.js';
import { benchStalls } from './stalls.js';
import { benchStartup } from './startup.js';
import { benchThumbs, benchUpload, benchUploadS3 } from './upload.js';
import { ensureBuild, type Snapshot } from './lib/build.js';
import { cleanupAll, installExitHandlers, isStopping } from './lib/lifecycle.js';
import { ROOT } from './lib/paths.js';
import { formatTable, writeResults, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';

/** No benchmark starts after this many seconds of the run (the whole run stays under 10 minutes). */
const RUN_BUDGET_SECONDS = Number(process.env.BENCH_BUDGET_SECONDS ?? 540);

const BENCHMARKS: Record<string, { title: string; run: (ctx: BenchContext) => Promise<BenchOutcome> }> = {
  profile: { title: '1. GET /api/profiles/me/ vs bare Fastify (autocannon, 50 connections)', run: benchProfileMe },
  bundle: { title: '2. login screen first-load size and Stately inspector check', run: benchLoginBundle },
  formBundle: { title: '2b. product form JavaScript beyond the shell', run: benchFormBundle },
  visible: { title: '3. login form visible in headless Chromium', run: benchLoginVisible },
  startup: { title: '4. start to listening on a migrated database', run: benchStartup },
  products: { title: '5. product list, 1,000,000 rows in one site (autocannon, 50 connections)', run: benchProducts },
  media: { title: '6. media library, 1,000 and 100,000 items in one site (autocannon, 20 connections)', run: benchMedia },
  upload: { title: '7. server memory while a 200 MB file is uploaded', run: benchUpload },
  uploadS3: { title: '7b. server memory while a 200 MB file is uploaded to S3 (s3rver on loopback)', run: benchUploadS3 },
  thumbs: { title: '8. thumbnails of uploaded 12-megapixel JPEGs', run: benchThumbs },
  indexing: { title: '9. indexing dispatcher: 10,000 queued actions under API load (autocannon, 30 connections)', run: benchIndexingDispatcher },
  stalls: { title: '10. another site while 8 heavy animated GIFs are uploaded on one', run: benchStalls },
  nostall: { title: "11. another site's product list while one site's worst list is hammered (20 connections)", run: benchNostall },
  scale: { title: '12. every list combination at platform scale: 3,000 sites, 1,000,000 rows (list cache off)', run: benchScale },
  publicApi: { title: '13. delivery API: product detail, lists and route at 1,000,000 products vs bare Fastify (50 connections)', run: benchPublicApi },
  sitemap: { title: '14. sitemap.xml and its files at 1,000,000 products: server memory while all are served', run: benchSitemap },
  export: { title: '15. export of 1,000,000 products as CSV: rows per second and server memory', run: benchExport },
  history: { title: "16. a row's 10,000 revisions and a site's 1,000,000 activity entries (20 connections); a save's cost of its revision", run: benchHistory },
  renditions: { title: '17. renditions of a 12-megapixel JPEG: first render, and served cached vs bare Fastify (50 connections)', run: benchRenditions },
  import: { title: '18. import of 10,000 new products from CSV: rows per second and server memory', run: benchImport },
  schedule: { title: "19. 10,000 scheduled publishes and unpublishes due in the same second, and two sites' product lists meanwhile", run: benchSchedule },
};

/** HEAD, with "+dirty" when the working tree has changes (the figures are for the tree). */
function gitCommit(): string | undefined {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? '+dirty' : '');
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  installExitHandlers();
  const startedAt = new Date();
  const t0 = performance.now();
  const args = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = args.filter((a) => !(a in BENCHMARKS));
  if (unknown.length) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    return 2;
  }
  const selected = (args.length ? args : Object.keys(BENCHMARKS)).flatMap((name) => {
    const b = BENCHMARKS[name];
    return b ? [[name, b] as const] : [];
  });
  const log = (line: string) => console.log(line);
  const cpus = os.cpus().length;
  const loadAvg = os.loadavg().map((v) => Number(v.toFixed(2)));
  log(`bench: node ${process.version}, ${cpus} CPUs, load average ${loadAvg.join(' ')}`);
  // Other work on the machine (a test run, a build) skews every figure: say so. Only the
  // average before the run means anything: the benchmarks themselves keep both CPUs busy.
  const busyNote = (load: number) =>
    load > cpus * 0.5 ? `note: load average ${load.toFixed(2)} on ${cpus} CPUs: the machine is busy, figures are noisy` : undefined;
  const busyAtStart = busyNote(loadAvg[0] ?? 0);
  if (busyAtStart) log(busyAtStart);

  const rows: Row[] = [];
  const crashed: Array<{ bench: string; error: string }> = [];
  const details: Record<string, unknown> = {};
  const durations: Record<string, number> = {};

  let snapshot: Snapshot | undefined;
  try {
    snapshot = await ensureBuild(log);
    log(snapshot.rebuilt ? `built in ${Math.round(snapshot.buildMs ?? 0)} ms (${snapshot.rebuilt})` : 'dist/ is current: no build');
  } catch (err) {
    crashed.push({ bench: 'build', error: (err as Error).stack ?? String(err) });
    rows.push({ bench: 'build', figure: 'production build', budget: '-', measured: (err as Error).message.split('\n')[0] ?? '', status: 'ERROR' });
  }

  if (snapshot) {
    const ctx: BenchContext = {
      snapshot,
      loadSeconds: Number(process.env.BENCH_SECONDS ?? 10),
      warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
      listSeconds: Number(process.env.BENCH_LIST_SECONDS ?? 5),
      log,
    };
    for (const [name, b] of selected) {
      if (isStopping()) break;
      const elapsed = (performance.now() - t0) / 1000;
      if (elapsed > RUN_BUDGET_SECONDS) {
        log(`\n${b.title}: skipped, the run has taken ${Math.round(elapsed)} s of its ${RUN_BUDGET_SECONDS} s`);
        rows.push({
          bench: name,
          figure: b.title.replace(/^\d+b?\.\s*/, ''),
          budget: '-',
          measured: `not run: ${Math.round(elapsed)} s of the run's ${RUN_BUDGET_SECONDS} s used`,
          status: 'skipped',
        });
        continue;
      }
      log(`\n${b.title}`);
      const started = performance.now();
      try {
        const outcome = await b.run(ctx);
        rows.push(...outcome.rows);
        details[name] = outcome.details;
      } catch (err) {
        const message = (err as Error).message ?? String(err);
        console.error(`  crashed: ${(err as Error).stack ?? message}`);
        crashed.push({ bench: name, error: (err as Error).stack ?? message });
        rows.push({
          bench: name,
          figure: b.title.replace(/^\d+\.\s*/, ''),
          budget: '-',
          measured: `crashed: ${message.split('\n')[0] ?? ''}`,
          status: 'ERROR',
        });
      }
      durations[name] = Math.round(performance.now() - started);
      log(`  (${(durations[name] / 1000).toFixed(1)} s)`);
    }
  }

  await cleanupAll();
  const totalMs = Math.round(performance.now() - t0);
  const loadAvgEnd = os.loadavg().map((v) => Number(v.toFixed(2)));
  log(`\n${formatTable(rows)}\n`);
  if (busyAtStart) log(`${busyAtStart} (1-minute average before the run)`);
  const failed = rows.filter((r) => r.status === 'FAIL').length;
  const file = writeResults(startedAt, {
    startedAt: startedAt.toISOString(),
    commit: gitCommit(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus,
    cpuModel: os.cpus()[0]?.model,
    loadAverageAtStart: loadAvg,
    loadAverageAtEnd: loadAvgEnd,
    totalMs,
    durationsMs: durations,
    build: snapshot ? { rebuilt: snapshot.rebuilt ?? null, buildMs: snapshot.buildMs ?? null } : null,
    rows,
    details,
    crashed,
  });
  log(
    `${rows.filter((r) => r.status === 'pass').length} within budget, ${failed} over budget, ${crashed.length} crashed` +
      ` in ${(totalMs / 1000).toFixed(1)} s; results in ${file}`,
  );
  return crashed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(err);
    await cleanupAll();
    process.exit(1);
  },
);
