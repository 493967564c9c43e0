/**
 * Renditions on demand (issue 19), on SQLite, signed in as the dealer of rossi.localhost:
 * a 12-megapixel JPEG (4000×3000) is uploaded, then
 * - first rendition: the time of the first GET of its 800 px WebP rendition, which reads
 *   the original from the store, renders and stores it before answering (budget < 300 ms),
 *   and of an 800×600 `cover` JPEG around a focal point;
 * - cached rendition: the same URL again at 50 connections, served from the store, against
 *   the bare Fastify floor measured the same way (budget ≥ 50 % of its req/s); for
 *   reference, bare Fastify sending the rendition's own bytes: the load generator (autocannon)
 *   appends each response's body to a string, which costs it far more for a binary body
 *   than for the floor's 17 bytes of JSON, on the CPUs the server shares.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { renditionKey, type RenditionSpec } from '../server/services/media/renditionKeys.js';
import { login, siteHeaders, startApp } from './lib/app.js';
import { tempDir } from './lib/lifecycle.js';
import { photo12mp } from './lib/photo.js';
import { budgetStatus, int, ms, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';
import { measureLoad } from './lib/load.js';
import { measureBare } from './profileMe.js';
import { request } from './lib/server.js';
import { cpuNote } from './lib/scenarios.js';
import { processedMedia, uploadFile } from './lib/upload.js';

const SITE = 'rossi.localhost';
const MAX_FIRST_MS = 300;
const MIN_SHARE = 0.5;

async function photo(): Promise<string> {
  const file = path.join(tempDir('renditions-photo'), 'photo.jpg');
  fs.writeFileSync(file, await photo12mp());
  return file;
}

async function measured(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  return { ms: performance.now() - started, bytes: body.length };
}

/** Bare Fastify sending these bytes, at 50 connections. */
async function bareSending(ctx: BenchContext, bytes: Buffer, type: string) {
  const file = path.join(tempDir('renditions-bare'), 'rendition');
  fs.writeFileSync(file, bytes);
  return measureBare(ctx, { path: file, type });
}

export async function benchRenditions(ctx: BenchContext): Promise<BenchOutcome> {
  const file = await photo();
  const app = await startApp({ name: 'renditions', dataDir: tempDir('renditions'), spaDir: ctx.snapshot.spaDir });
  try {
    const token = await login(app, 'rossi', undefined, SITE);
    const headers = { ...siteHeaders(app.port, SITE), authorization: `Token ${token}` };
    const res = await uploadFile(`${app.url}/api/media/`, headers, file, 'image/jpeg');
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
    const { id } = JSON.parse(res.body) as { id: number };
    const item = await processedMedia<{ id: number; url: string; web_url: string }>(`${app.url}/api/media/${id}`, headers);
    const focal = { x: 0.3, y: 0.6 };
    const patched = await request(`${app.url}/api/media/${item.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ focal_point: focal }),
    });
    if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}: ${patched.body.slice(0, 300)}`);
    const row = { file_key: item.url.replace('/media/', ''), web_key: item.web_url.replace('/media/', ''), focal_x: focal.x, focal_y: focal.y };
    const urlOf = (spec: RenditionSpec) => `${app.url}/media/${renditionKey(row, spec)}`;
    const webp = urlOf({ width: 800, height: null, fit: 'contain', format: 'webp', quality: 75 });
    const cover = urlOf({ width: 800, height: 600, fit: 'cover', format: 'jpeg', quality: 75 });

    ctx.log('  first renditions of a 12 MP JPEG…');
    const first = await measured(webp, headers);
    const firstCover = await measured(cover, headers);
    const again = await measured(webp, headers);

    ctx.log(`  cached rendition, ${ctx.loadSeconds} s at 50 connections…`);
    const cached = await measureLoad(webp, {
      pid: app.pid,
      headers: { host: headers.host },
      warmupSeconds: ctx.warmupSeconds,
      durationSeconds: ctx.loadSeconds,
    });
    // The web variant through the same route, for reference: what serving any stored file costs.
    const variant = await measureLoad(`${app.url}${item.web_url}`, {
      pid: app.pid,
      headers: { host: headers.host },
      warmupSeconds: ctx.warmupSeconds,
      durationSeconds: ctx.loadSeconds,
    });
    const bare = ctx.bareRps ? undefined : await measureBare(ctx);
    const bareRps = ctx.bareRps ?? bare!.rps;
    const rendition = Buffer.from(await (await fetch(webp, { headers })).arrayBuffer());
    const sameBytes = await bareSending(ctx, rendition, 'image/webp');
    const share = cached.rps / bareRps;
    const clean = cached.non2xx + cached.errors + cached.timeouts === 0;
    const rows: Row[] = [
      {
        bench: 'renditions',
        figure: 'first rendition of a 12 MP JPEG: 800 px WebP',
        budget: `< ${MAX_FIRST_MS} ms`,
        measured: `${ms(first.ms)} (${int(first.bytes)} bytes); again from the store ${ms(again.ms)}`,
        status: budgetStatus(first.ms < MAX_FIRST_MS),
        value: first.ms,
        unit: 'ms',
        limit: MAX_FIRST_MS,
      },
      {
        bench: 'renditions',
        figure: 'first rendition of a 12 MP JPEG: 800×600 cover JPEG around a focal point',
        budget: 'report',
        measured: `${ms(firstCover.ms)} (${int(firstCover.bytes)} bytes)`,
        status: 'info',
        value: firstCover.ms,
        unit: 'ms',
      },
      {
        bench: 'renditions',
        figure: 'cached rendition req/s (50 connections)',
        budget: `≥ ${MIN_SHARE * 100}% of bare Fastify`,
        measured: `${int(cached.rps)} req/s = ${(share * 100).toFixed(1)}% of bare (${int(bareRps)}), p99 ${ms(cached.p99)}${cpuNote(cached)}${clean ? '' : ` [${cached.non2xx} non-2xx, ${cached.errors} errors]`}`,
        status: budgetStatus(clean && share >= MIN_SHARE),
        value: share * 100,
        unit: '% of bare req/s',
        limit: MIN_SHARE * 100,
      },
      {
        bench: 'renditions',
        figure: 'web variant of the same image req/s (50 connections), for reference',
        budget: 'reference',
        measured: `${int(variant.rps)} req/s = ${((100 * variant.rps) / bareRps).toFixed(1)}% of bare, p99 ${ms(variant.p99)}`,
        status: 'info',
        value: (100 * variant.rps) / bareRps,
        unit: '% of bare req/s',
      },
      {
        bench: 'renditions',
        figure: "bare Fastify sending the rendition's bytes req/s (50 connections), for reference",
        budget: 'reference',
        measured: `${int(sameBytes.rps)} req/s = ${((100 * sameBytes.rps) / bareRps).toFixed(1)}% of bare; the cached rendition is ${((100 * cached.rps) / sameBytes.rps).toFixed(1)}% of it`,
        status: 'info',
        value: (100 * sameBytes.rps) / bareRps,
        unit: '% of bare req/s',
      },
    ];
    return { rows, details: { first, firstCover, again, cached, variant, sameBytes, bareRps } };
  } finally {
    await app.stop();
  }
}
