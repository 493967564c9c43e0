/**
 * npm run bench:load: 200 simulated users on each database (SQLite; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set) list products, open one, edit and save
 * it with its version, and upload small images, for LOAD_SECONDS (default 60). Prints
 * per operation the requests, errors (a 409 on save is counted apart: it is the intended
 * answer to a stale version), p50 and p99; then checks that no acknowledged save was
 * lost and that N concurrent saves of one row from one version make one winner and N-1
 * 409s. Writes the figures to bench/results/load-<timestamp>.json.
 *
 * LOAD_HEAVY=1 is issue 19's heavy variant: every upload is a 12-megapixel JPEG (2.5 MB) or
 * an animated GIF whose frames decode to 256 megapixels, at the same pace as the small
 * images. Its budget: list, open and save p99 < 100 ms while they run, no error, no lost
 * write (printed per database; figures never gate).
 *
 * Environment: LOAD_SECONDS=60 (users arrive over the first LOAD_RAMP_SECONDS, default a
 * quarter of it, at most 10), LOAD_USERS=200, LOAD_THINK_MS=250 (mean pause between a
 * user's requests; 0 hammers), LOAD_CONTENDERS=20, LOAD_DATABASES=sqlite,postgres (which of
 * the available databases to run on). A user saves mostly its own product and
 * one time in five one of five rows every user of its site edits (the intended 409s).
 * Exit code 1 when a request failed or a check found a lost update; figures never gate.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ensureBuild } from './lib/build.js';
import { cleanupAll, installExitHandlers, onCleanup, tempDir } from './lib/lifecycle.js';
import { heavyGif } from './lib/gif.js';
import { SERVER_BUNDLE } from './lib/paths.js';
import { photo12mp } from './lib/photo.js';
import { formatGrid, writeResults } from './lib/report.js';
import { startServer } from './lib/server.js';
import { type Answer, SiteClient } from '../tests/faults/lib/client.js';
import { createProduct, firstBrandId, percentile, pngFor, type ProductLedger } from '../tests/faults/lib/workload.js';
import { createPostgresDatabase, dropPostgresDatabase } from '../tests/server/postgresDatabases.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = Number(process.env.LOAD_USERS ?? 200);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 250);
const CONTENDERS = Number(process.env.LOAD_CONTENDERS ?? 20);
/** Users arrive spread over this many seconds, as they would, not all in one millisecond. */
const RAMP_SECONDS = Number(process.env.LOAD_RAMP_SECONDS ?? Math.min(10, SECONDS / 4));
/** Sessions per dealer site: users share them, as colleagues' browsers would each hold one. */
const SESSIONS_PER_SITE = 10;
/** Rows every user of a site may edit: where concurrent saves meet and 409s are intended. */
const HOT_ROWS_PER_SITE = 5;
/** Share of saves that go to a hot row; the others edit the user's own row. */
const HOT_SHARE = 0.2;
const HEAVY = process.env.LOAD_HEAVY === '1';
/** Issue 19: the p99 of every operation but the upload, with heavy uploads running. */
const HEAVY_P99_MS = 100;
const OPERATIONS = ['list', 'open', 'save', 'upload'] as const;
type Operation = (typeof OPERATIONS)[number];

interface OpStats {
  /** Latency of every answered request. */
  ms: number[];
  /** Requests that got no answer (connection error, 30 s timeout). */
  unanswered: number;
  /** Unanswered, and answered with anything but the success status (or an intended 409). */
  errors: number;
  conflicts: number;
  errorSamples: string[];
}

/** One acknowledged save: the row's version and SKU it left. */
interface Save {
  version: number;
  sku: string;
}

/** The item at `i`, counting round the list: every list here holds at least one. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('an empty list');
  return item;
}

interface UploadFile {
  bytes: Buffer;
  ext: string;
  mime: string;
}

/** What the users upload: small PNGs, or (LOAD_HEAVY) 12-megapixel JPEGs and many-frame GIFs in turn. */
async function uploadFiles(): Promise<UploadFile[]> {
  if (!HEAVY) return (await Promise.all(Array.from({ length: 16 }, (_, i) => pngFor(i * 997 + 1)))).map((bytes) => ({ bytes, ext: 'png', mime: 'image/png' }));
  const photos = await Promise.all([photo12mp(), photo12mp()]);
  return photos.flatMap((bytes, i) => [
    { bytes, ext: 'jpg', mime: 'image/jpeg' },
    { bytes: heavyGif({ seed: i }), ext: 'gif', mime: 'image/gif' },
  ]);
}

async function runOn(backend: 'sqlite' | 'postgres', spaDir: string, adminUrl?: string) {
  const dataDir = tempDir(`load-${backend}`);
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    const created = await createPostgresDatabase('bo_load', adminUrl);
    databaseUrl = created.url;
    onCleanup(`drop ${created.name}`, () => dropPostgresDatabase(created.name, adminUrl));
  }
  const server = await startServer({
    name: `load-${backend}`,
    script: SERVER_BUNDLE,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SPA_DIR: spaDir, LOG_LEVEL: 'warn', REDIS_URL: undefined },
    readyPath: '/api/health',
    readyTimeoutMs: 120_000,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 50 });
  const sites = ['rossi', 'verdi'] as const;
  const sessions = new Map<string, SiteClient[]>();
  const hot = new Map<string, ProductLedger[]>();
  const brands = new Map<string, number>();
  for (const site of sites) {
    const clients: SiteClient[] = [];
    for (let i = 0; i < SESSIONS_PER_SITE; i++) {
      const c = new SiteClient(server.url, `${site}.localhost`, agent);
      await c.login(site);
      clients.push(c);
    }
    sessions.set(site, clients);
    const brand = await firstBrandId(nth(clients, 0));
    brands.set(site, brand);
    const rows: ProductLedger[] = [];
    for (let i = 0; i < HOT_ROWS_PER_SITE; i++) rows.push(await createProduct(nth(clients, 0), brand, `load-hot-${site}-${i}`));
    hot.set(site, rows);
  }
  // One row of its own per user (made 20 at a time), where its saves meet no one else's.
  const own: ProductLedger[] = [];
  for (let u = 0; u < USERS; u += 20) {
    const batch = Array.from({ length: Math.min(20, USERS - u) }, (_, i) => {
      const site = nth(sites, u + i);
      return createProduct(nth(sessions.get(site)!, 0), brands.get(site)!, `load-own-${u + i}`);
    });
    own.push(...(await Promise.all(batch)));
  }
  const files = await uploadFiles();

  const stats = Object.fromEntries(
    OPERATIONS.map((o): [Operation, OpStats] => [o, { ms: [], unanswered: 0, errors: 0, conflicts: 0, errorSamples: [] }]),
  ) as Record<Operation, OpStats>;
  const saves = new Map<string, Save[]>(); // `<site>:<id>` → every acknowledged save
  const uploads: Array<{ client: SiteClient; id: number; size: number }> = [];
  const record = (op: Operation, res: Answer | Error, okStatus: number, conflictOk = false) => {
    const s = stats[op];
    if (res instanceof Error) {
      s.unanswered++;
      s.errors++;
      if (s.errorSamples.length < 5) s.errorSamples.push(res.message);
      return false;
    }
    s.ms.push(res.ms);
    if (res.status === okStatus) return true;
    if (conflictOk && res.status === 409) s.conflicts++;
    else {
      s.errors++;
      if (s.errorSamples.length < 5) s.errorSamples.push(`${res.status} ${res.body.toString().slice(0, 200)}`);
    }
    return false;
  };
  const call = (p: Promise<Answer>) => p.catch((e: Error) => e);
  const think = () => (THINK_MS > 0 ? new Promise((r) => setTimeout(r, Math.random() * 2 * THINK_MS)) : Promise.resolve());

  const deadline = performance.now() + SECONDS * 1000;
  const user = async (u: number) => {
    const site = nth(sites, u);
    const client = nth(sessions.get(site)!, Math.floor(u / 2));
    await new Promise((r) => setTimeout(r, (u / USERS) * RAMP_SECONDS * 1000));
    for (let n = 0; performance.now() < deadline; n++) {
      const list = await call(client.get(`/api/products/?page=${1 + (n % 2)}`));
      if (!record('list', list, 200)) continue;
      await think();
      const id = Math.random() < HOT_SHARE ? nth(hot.get(site)!, n).id : nth(own, u).id;
      const open = await call(client.get(`/api/products/${id}/`));
      if (!record('open', open, 200)) continue;
      await think();
      const { version } = (open as Answer).json<{ version: number }>();
      const sku = `u${u}-n${n}`;
      const save = await call(client.request('PATCH', `/api/products/${id}/`, { json: { sku, version } }));
      if (record('save', save, 200, true)) {
        const key = `${site}:${id}`;
        saves.set(key, [...(saves.get(key) ?? []), { version: (save as Answer).json<{ version: number }>().version, sku }]);
      }
      await think();
      if (n % 3 === u % 3) {
        const file = nth(files, u + n);
        // A 2.5 MB body may take longer than the client's 30 s allowance on a saturated machine.
        const up = await call(client.upload(file.bytes, `load-${u}-${n}.${file.ext}`, file.mime, undefined, HEAVY ? { timeoutMs: 120_000 } : {}));
        if (record('upload', up, 201)) {
          const body = (up as Answer).json<{ id: number; size: number }>();
          uploads.push({ client, id: body.id, size: body.size });
        }
        await think();
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, u) => user(u)));
  const elapsed = (performance.now() - started) / 1000;

  // No lost update: per row, the acknowledged saves have distinct versions (two saves
  // answered 200 from one version would be one overwriting the other unseen), and the row
  // now holds the last of them.
  const lost: string[] = [];
  for (const [key, list] of saves) {
    const [site = '', id] = key.split(':');
    const versions = list.map((s) => s.version);
    if (new Set(versions).size !== versions.length) lost.push(`${key}: two saves acknowledged with the same version`);
    const last = list.reduce((a, b) => (b.version > a.version ? b : a));
    const res = await nth(sessions.get(site)!, 0).get(`/api/products/${id}/`);
    const row = res.json<{ version: number; sku: string }>();
    if (res.status !== 200 || row.version !== last.version || row.sku !== last.sku) {
      lost.push(`${key}: holds ${JSON.stringify(row)}, last acknowledged ${JSON.stringify(last)}`);
    }
  }
  for (const u of uploads) {
    const res = await u.client.get(`/api/media/${u.id}/`);
    if (res.status !== 200 || res.json<{ size: number }>().size !== u.size) lost.push(`upload ${u.id}: ${res.status}`);
  }

  // Contention: N saves of one row from one version at once.
  const rossi = sessions.get('rossi')!;
  const target = await createProduct(nth(rossi, 0), brands.get('rossi')!, `load-contended-${Date.now()}`);
  const contended = await Promise.all(
    Array.from({ length: CONTENDERS }, (_, i) =>
      call(nth(rossi, i).request('PATCH', `/api/products/${target.id}/`, { json: { sku: `c${i}`, version: target.version } })),
    ),
  );
  const codes = contended.map((r) => (r instanceof Error ? 0 : r.status));
  const winners = contended.filter((r): r is Answer => !(r instanceof Error) && r.status === 200);
  const final = (await nth(rossi, 0).get(`/api/products/${target.id}/`)).json<{ sku: string; version: number }>();
  const contention = {
    contenders: CONTENDERS,
    ok: codes.filter((c) => c === 200).length,
    conflicts: codes.filter((c) => c === 409).length,
    other: codes.filter((c) => c !== 200 && c !== 409),
    winnerHeld: winners.length === 1 && final.sku === JSON.parse(nth(winners, 0).body.toString()).sku && final.version === target.version + 1,
  };

  agent.destroy();
  await server.stop();
  const ops = Object.fromEntries(
    OPERATIONS.map((o) => {
      const s = stats[o];
      const sorted = [...s.ms].sort((a, b) => a - b);
      return [
        o,
        {
          requests: s.ms.length + s.unanswered,
          answered: s.ms.length,
          errors: s.errors,
          conflicts409: s.conflicts,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          errorSamples: s.errorSamples,
        },
      ];
    }),
  ) as Record<Operation, { requests: number; answered: number; errors: number; conflicts409: number; p50: number; p99: number; errorSamples: string[] }>;
  return {
    backend,
    seconds: elapsed,
    users: USERS,
    thinkMs: THINK_MS,
    ops,
    acknowledgedSaves: [...saves.values()].reduce((n, l) => n + l.length, 0),
    acknowledgedUploads: uploads.length,
    lost,
    contention,
  };
}

async function main() {
  installExitHandlers();
  const startedAt = new Date();
  const [load = 0] = os.loadavg();
  console.log(
    `bench:load${HEAVY ? ' (heavy uploads: 12 MP JPEGs, many-frame GIFs)' : ''}: ${USERS} users (arriving over ${RAMP_SECONDS} s), ${SECONDS} s, think ${THINK_MS} ms, node ${process.version}, ${os.cpus().length} CPUs, load average ${load.toFixed(2)}`,
  );
  if (load > os.cpus().length * 0.5) console.log('note: the machine is busy (other work is running): figures are noisy');
  const snapshot = await ensureBuild((l) => console.log(l));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const results = [];
  const only = process.env.LOAD_DATABASES?.split(',');
  for (const backend of (adminUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)).filter((b) => !only || only.includes(b))) {
    console.log(`running on ${backend}…`);
    results.push(await runOn(backend, snapshot.spaDir, adminUrl));
  }
  const fmt = (v: number) => (v < 10 ? v.toFixed(1) : String(Math.round(v)));
  const rows = results.flatMap((r) =>
    OPERATIONS.map((o) => {
      const s = r.ops[o];
      return [r.backend, o, String(s.requests), fmt(s.requests / r.seconds), String(s.errors), String(s.conflicts409), fmt(s.p50), fmt(s.p99)];
    }),
  );
  console.log(`\n${formatGrid(['database', 'operation', 'requests', 'req/s', 'errors', '409 (intended)', 'p50 ms', 'p99 ms'], rows)}\n`);
  let failed = false;
  for (const r of results) {
    const errors = OPERATIONS.reduce((n, o) => n + r.ops[o].errors, 0);
    const c = r.contention;
    const contentionOk = c.ok === 1 && c.conflicts === c.contenders - 1 && c.winnerHeld;
    console.log(
      `${r.backend}: ${r.acknowledgedSaves} saves and ${r.acknowledgedUploads} uploads acknowledged, ${r.lost.length} lost; ` +
        `errors ${errors}; contention: ${c.contenders} saves of one version → ${c.ok} × 200, ${c.conflicts} × 409${c.other.length ? `, other ${c.other.join(',')}` : ''}${c.winnerHeld ? ', winner stored' : ', WINNER NOT STORED'} ${contentionOk ? 'ok' : 'FAIL'}`,
    );
    for (const l of r.lost.slice(0, 10)) console.log(`  lost: ${l}`);
    for (const o of OPERATIONS) for (const e of r.ops[o].errorSamples) console.log(`  ${o} error: ${e}`);
    if (HEAVY) {
      const others = OPERATIONS.filter((o) => o !== 'upload');
      const p99s = others.map((o) => `${o} ${fmt(r.ops[o].p99)}`);
      const within = others.every((o) => r.ops[o].p99 < HEAVY_P99_MS);
      console.log(`${r.backend}: p99 while heavy uploads run (budget < ${HEAVY_P99_MS} ms): ${p99s.join(', ')} ms ${within ? 'pass' : 'FAIL'}`);
    }
    if (errors || r.lost.length || !contentionOk) failed = true;
  }
  const file = writeResults(startedAt, { kind: 'load', heavy: HEAVY, startedAt: startedAt.toISOString(), loadAverageAtStart: load, results }, 'load-');
  console.log(`results: ${file}`);
  return failed ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanupAll();
    process.exit(2);
  });
