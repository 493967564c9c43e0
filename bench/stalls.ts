/**
 * Benchmark of issue 13, point 2 (one site's uploads stall every other site), on SQLite:
 * eight clients of rossi.localhost upload heavy animated GIFs (bench/lib/gif.ts: 2.3 kB,
 * 100 one-pixel frames on a 1600×1600 screen) without pause for BENCH_STALL_SECONDS (20),
 * while a client of verdi.localhost signs in and fetches one of its media files, one
 * request after the other. Budget: verdi's login p99 < 500 ms, its media file p99 < 100 ms.
 */
import { heavyGif } from './lib/gif.js';
import { startApp } from './lib/app.js';
import { tempDir } from './lib/lifecycle.js';
import { budgetStatus, ms, type BenchContext, type BenchOutcome } from './lib/report.js';
import { crossSiteStall, percentile } from '../tests/faults/lib/workload.js';

const UPLOADERS = 8;
const SECONDS = Number(process.env.BENCH_STALL_SECONDS ?? 20);
const LOGIN_P99_MS = 500;
const MEDIA_P99_MS = 100;

export async function benchStalls(ctx: BenchContext): Promise<BenchOutcome> {
  const app = await startApp({ name: 'stalls', dataDir: tempDir('stalls'), spaDir: ctx.snapshot.spaDir });
  try {
    ctx.log(`  ${UPLOADERS} rossi clients upload ${heavyGif().length}-byte animated GIFs for ${SECONDS} s; verdi signs in and fetches one of its files…`);
    const f = await crossSiteStall(app.url, { uploaders: UPLOADERS, seconds: SECONDS });
    const login = { p50: percentile(f.loginMs, 50), p99: percentile(f.loginMs, 99) };
    const media = { p50: percentile(f.mediaMs, 50), p99: percentile(f.mediaMs, 99) };
    const uploadStatuses = f.uploads.reduce<Record<number, number>>((acc, u) => ({ ...acc, [u.status]: (acc[u.status] ?? 0) + 1 }), {});
    const uploadP50 = percentile(
      f.uploads.map((u) => u.ms),
      50,
    );
    const failed = f.failures.length ? `, ${f.failures.length} failed: ${f.failures[0]}` : '';
    return {
      rows: [
        {
          bench: 'stalls',
          figure: `verdi login while ${UPLOADERS} heavy GIF uploads run on rossi`,
          budget: `p99 < ${LOGIN_P99_MS} ms`,
          measured: `p99 ${ms(login.p99)}, p50 ${ms(login.p50)} (${f.loginMs.length} logins${failed})`,
          status: budgetStatus(login.p99 < LOGIN_P99_MS && f.failures.length === 0 && f.loginMs.length > 0),
          value: login.p99,
          unit: 'ms',
          limit: LOGIN_P99_MS,
        },
        {
          bench: 'stalls',
          figure: `verdi /media/ file while ${UPLOADERS} heavy GIF uploads run on rossi`,
          budget: `p99 < ${MEDIA_P99_MS} ms`,
          measured: `p99 ${ms(media.p99)}, p50 ${ms(media.p50)} (${f.mediaMs.length} requests)`,
          status: budgetStatus(media.p99 < MEDIA_P99_MS && f.failures.length === 0 && f.mediaMs.length > 0),
          value: media.p99,
          unit: 'ms',
          limit: MEDIA_P99_MS,
        },
        {
          bench: 'stalls',
          figure: 'the heavy GIF uploads themselves',
          budget: 'report',
          measured: `${f.uploads.length} in ${f.seconds.toFixed(1)} s, p50 ${ms(uploadP50)}, answers ${JSON.stringify(uploadStatuses)}`,
          status: 'info',
          value: uploadP50,
          unit: 'ms',
        },
      ],
      details: { login, media, uploads: f.uploads, uploadStatuses, failures: f.failures.slice(0, 20), seconds: f.seconds },
    };
  } finally {
    await app.stop();
  }
}
