/**
 * Benchmarks of the media upload path, on SQLite, signed in as the dealer of rossi.localhost:
 * - upload: one 200 MB PDF streamed to POST /api/media/; the server's resident memory is
 *   sampled every 20 ms, and its peak over the idle figure before the upload is the
 *   figure. Budget (issue 4): < 50 MB.
 * - uploadS3: the same with MEDIA_STORAGE=s3, the bucket an s3rver on loopback in this
 *   process: the staged file streams on in multipart parts. Budget (issue 19): < 50 MB.
 * - thumbs: 100 uploads of a 12-megapixel JPEG (4000×3000), two at a time, stopped after
 *   BENCH_THUMB_SECONDS (60) on a slow machine; every upload makes the thumbnail and web
 *   variants before it answers. Figure: images per second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { login, siteHeaders, startApp } from './lib/app.js';
import { tempDir } from './lib/lifecycle.js';
import { photo12mp } from './lib/photo.js';
import { budgetStatus, type BenchContext, type BenchOutcome } from './lib/report.js';
import { processedMedia, rssDuring, uploadFile } from './lib/upload.js';
import { startS3 } from '../tests/server/s3Server.js';

const SITE = 'rossi.localhost';
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const MAX_GROWTH = 50 * 1024 * 1024;
const THUMB_IMAGES = Number(process.env.BENCH_THUMB_IMAGES ?? 100);
const THUMB_CONCURRENCY = 2;
/** Thumbnails stop after this long even if fewer than THUMB_IMAGES were uploaded (the run's time is bounded). */
const THUMB_MAX_SECONDS = Number(process.env.BENCH_THUMB_SECONDS ?? 60);
const MB = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

async function signedIn(ctx: BenchContext, name: string, env: Record<string, string> = {}) {
  const app = await startApp({ name, dataDir: tempDir(name), spaDir: ctx.snapshot.spaDir, env: { MEDIA_MAX_UPLOAD_MB: String(UPLOAD_MB + 50), ...env } });
  const token = await login(app, 'rossi', undefined, SITE);
  return { app, headers: { ...siteHeaders(app.port, SITE), authorization: `Token ${token}` } };
}

/** A PDF of `mb` megabytes: a real header and trailer around incompressible filler. */
function bigPdf(dir: string, mb: number): string {
  const file = path.join(dir, 'big.pdf');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mb; i++) {
    for (let j = 0; j < chunk.length; j += 4) chunk.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, j);
    fs.writeSync(fd, chunk);
  }
  fs.writeSync(fd, '\n%%EOF\n');
  fs.closeSync(fd);
  return file;
}

export const benchUpload = (ctx: BenchContext) => uploadBench(ctx, 'upload', {});

export async function benchUploadS3(ctx: BenchContext): Promise<BenchOutcome> {
  const s3 = await startS3();
  try {
    return await uploadBench(ctx, 'uploadS3', { ...s3.env, MEDIA_STORAGE: 's3' });
  } finally {
    await s3.close();
  }
}

async function uploadBench(ctx: BenchContext, bench: string, env: Record<string, string>): Promise<BenchOutcome> {
  const file = bigPdf(tempDir(`${bench}-file`), UPLOAD_MB);
  const { app, headers } = await signedIn(ctx, bench, env);
  const where = env.MEDIA_STORAGE === 's3' ? ' to S3' : '';
  try {
    // The idle figure is taken after a settling pause (rssDuring).
    const {
      result: res,
      idle,
      peak,
      growth,
      seconds,
    } = await rssDuring(app.pid, (idle) => {
      ctx.log(`  ${UPLOAD_MB} MB PDF to POST /api/media/${where} (server RSS ${MB(idle)} before)…`);
      return uploadFile(`${app.url}/api/media/`, headers, file, 'application/pdf');
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
    return {
      rows: [
        {
          bench,
          figure: `upload ${UPLOAD_MB} MB${where}: server memory growth`,
          budget: `< ${MB(MAX_GROWTH)}`,
          measured: `+${MB(growth)} (RSS ${MB(idle)} → peak ${MB(peak)}), ${(UPLOAD_MB / seconds).toFixed(0)} MB/s`,
          status: budgetStatus(growth < MAX_GROWTH),
          value: growth,
          unit: 'bytes',
          limit: MAX_GROWTH,
        },
      ],
      details: { idleRss: idle, peakRss: peak, growth, seconds },
    };
  } finally {
    await app.stop();
  }
}

export async function benchThumbs(ctx: BenchContext): Promise<BenchOutcome> {
  const dir = tempDir('thumbs');
  const photo = path.join(dir, 'photo.jpg');
  fs.writeFileSync(photo, await photo12mp());
  const { app, headers } = await signedIn(ctx, 'thumbs');
  try {
    ctx.log(`  ${THUMB_IMAGES} uploads of a 12 MP JPEG (${(fs.statSync(photo).size / 1e6).toFixed(1)} MB), ${THUMB_CONCURRENCY} at a time…`);
    let next = 0;
    let done = 0;
    const started = performance.now();
    const deadline = started + THUMB_MAX_SECONDS * 1000;
    const worker = async () => {
      while (next < THUMB_IMAGES && performance.now() < deadline) {
        next++;
        const res = await uploadFile(`${app.url}/api/media/`, headers, photo, 'image/jpeg');
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
        // The upload answers before the variants exist: an image counts once its job has made them.
        const { id } = JSON.parse(res.body) as { id: number };
        const body = await processedMedia<{ thumbnail_url?: string | null }>(`${app.url}/api/media/${id}`, headers);
        if (!body.thumbnail_url) throw new Error('an uploaded JPEG has no thumbnail');
        done++;
      }
    };
    await Promise.all(Array.from({ length: THUMB_CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const rate = done / seconds;
    return {
      rows: [
        {
          bench: 'thumbs',
          figure: `thumbnails: uploads of 12 MP JPEGs (${THUMB_IMAGES}, at most ${THUMB_MAX_SECONDS} s)`,
          budget: 'report',
          measured: `${rate.toFixed(2)} images/s (${done} in ${seconds.toFixed(1)} s)`,
          status: 'info',
          value: rate,
          unit: 'images/s',
        },
      ],
      details: { images: done, concurrency: THUMB_CONCURRENCY, seconds, rate },
    };
  } finally {
    await app.stop();
  }
}
