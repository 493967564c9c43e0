/**
 * Benchmark: the import of BENCH_IMPORT_ROWS new products (10,000 by default) into the demo
 * dealer site, SQLite and PostgreSQL side by side, as CSV and, when BENCH_IMPORT_FORMATS
 * names it (`csv,xlsx`), as XLSX: from the upload to the job's end, each row through the
 * entity engine's create (form validation, slugs, references, search words, revision) in
 * batches of the job runner, while the server's resident memory is sampled and another user
 * reads a product list (its p99). Beside it, the same import on the server of
 * BENCH_IMPORT_REFERENCE (main before the batched create, issue 17; '' leaves it out).
 * Budget (issue 17): ≥ 2,000 rows/s, memory growth < 200 MB, p99 for other users < 50 ms.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { login, siteHeaders, startApp } from './lib/app.js';
import { onBothDialects } from './lib/bothDialects.js';
import { tempDir } from './lib/lifecycle.js';
import { ROOT } from './lib/paths.js';
import { createPgDatabase } from './lib/pg.js';
import { p99, readsDuring } from './lib/load.js';
import { referenceBundle } from './lib/reference.js';
import { budgetStatus, int, ms, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';
import { request } from './lib/server.js';
import { rssDuring } from './lib/upload.js';

const SITE = 'rossi.localhost';
/** Another dealer's user reads its own list meanwhile. */
const OTHER_SITE = 'verdi.localhost';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const FORMATS = (process.env.BENCH_IMPORT_FORMATS ?? 'csv').split(',').filter((f): f is Format => f === 'csv' || f === 'xlsx');
/** main before the batched create (issue 17). */
const REFERENCE = process.env.BENCH_IMPORT_REFERENCE ?? 'd92fd6e';
const MIN_ROWS_PER_SECOND = 2000;
const MAX_GROWTH = 200 * 1024 * 1024;
const MAX_P99_MS = 50;
const MB = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const BRAND = 'BENCHIMPORT';

type Format = 'csv' | 'xlsx';

interface Job {
  status: string;
  done: number;
  errors: number;
}

const HEADER = ['sku', 'name', 'brand', 'price', 'status', 'model_year'];
const cells = (i: number) => [`BENCH-${i}`, `Bench tractor ${i}`, BRAND, 1000 + i, 'published', 2000 + (i % 25)];

async function fileOf(format: Format): Promise<Buffer> {
  if (format === 'csv') {
    const lines = [HEADER.join(',')];
    for (let i = 0; i < ROWS; i++) lines.push(cells(i).join(','));
    return Buffer.from(`${lines.join('\n')}\n`);
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('products');
  sheet.addRow(HEADER);
  for (let i = 0; i < ROWS; i++) sheet.addRow(cells(i));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The upload as multipart/form-data. */
function form(file: Buffer, format: Format): { body: Buffer; type: string } {
  const b = `----bench${Date.now()}`;
  const options = JSON.stringify({ mode: 'create', key: 'sku' });
  const contentType = format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const body = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${options}\r\n`),
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="products.${format}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${b}` };
}

async function importOnce(url: string, headers: Record<string, string>, file: Buffer, format: Format): Promise<Job> {
  const { body, type } = form(file, format);
  const res = await request(`${url}/api/products/import/`, { method: 'POST', headers: { ...headers, 'content-type': type }, body, timeoutMs: 600_000 });
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${res.body.slice(0, 300)}`);
  const { job } = JSON.parse(res.body) as { job: { id: number } };
  for (;;) {
    const view = JSON.parse((await request(`${url}/api/jobs/${job.id}/`, { headers, timeoutMs: 60_000 })).body) as Job;
    if (view.status !== 'queued' && view.status !== 'running') return view;
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Measured {
  rate: number;
  rows: number;
  seconds: number;
  idle: number;
  peak: number;
  growth: number;
  readP99: number;
  reads: number;
}

async function measure(ctx: BenchContext, dialect: string, side: string, script: string, format: Format, file: Buffer, adminUrl?: string): Promise<Measured> {
  const pg = adminUrl ? await createPgDatabase(adminUrl) : undefined;
  const app = await startApp({
    name: `server (import ${format}, ${dialect}, ${side})`,
    dataDir: tempDir(`import-${dialect}-${side}-${format}`),
    spaDir: ctx.snapshot.spaDir,
    databaseUrl: pg?.url,
    script,
    env: { JOBS_POLL_MS: '50' },
  });
  try {
    const headers = { ...siteHeaders(app.port, SITE), authorization: `Token ${await login(app, 'rossi', undefined, SITE)}` };
    const reader = { ...siteHeaders(app.port, OTHER_SITE), authorization: `Token ${await login(app, 'verdi', undefined, OTHER_SITE)}` };
    const made = await request(`${app.url}/api/brand/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ code: BRAND, name: 'Bench import' }),
    });
    if (made.status !== 201) throw new Error(`brand answered ${made.status}: ${made.body.slice(0, 300)}`);
    ctx.log(`  importing ${int(ROWS)} products (${format}) on ${dialect}, ${side}…`);
    let reads: Promise<number[] | Error> = Promise.resolve([]);
    const { result, idle, peak, growth, seconds } = await rssDuring(app.pid, () => {
      const job = importOnce(app.url, headers, file, format);
      reads = readsDuring(`${app.url}/api/products/?items=20`, reader, job).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      return job;
    });
    const times = await reads;
    if (times instanceof Error) throw times;
    if (result.status !== 'done' || result.errors) throw new Error(`import ended ${result.status} with ${result.errors} errors`);
    return { rate: result.done / seconds, rows: result.done, seconds, idle, peak, growth, readP99: p99(times), reads: times.length };
  } finally {
    await app.stop();
    await pg?.drop();
  }
}

async function onDialect(ctx: BenchContext, adminUrl?: string) {
  const dialect = adminUrl ? 'postgres' : 'sqlite';
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  const after = path.join(ROOT, 'dist/server/main.js');
  for (const format of FORMATS) {
    const file = await fileOf(format);
    const now = await measure(ctx, dialect, 'this tree', after, format, file, adminUrl);
    const before = REFERENCE
      ? await measure(ctx, dialect, REFERENCE, referenceBundle(ctx, REFERENCE, 'before the batched create'), format, file, adminUrl)
      : undefined;
    details[format] = { now, before };
    const beside = (f: (m: Measured) => string) => (before ? ` — ${REFERENCE}: ${f(before)}` : '');
    const rate = (m: Measured) => `${int(m.rate)}/s (${int(m.rows)} rows in ${m.seconds.toFixed(1)} s)`;
    const memory = (m: Measured) => `+${MB(m.growth)} (RSS ${MB(m.idle)} → peak ${MB(m.peak)})`;
    const reads = (m: Measured) => `${ms(m.readP99)} (${int(m.reads)} reads)`;
    rows.push(
      {
        bench: 'import',
        figure: `import of ${int(ROWS)} new products from ${format.toUpperCase()}: rows per second [${dialect}]`,
        budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s`,
        measured: rate(now) + beside(rate),
        status: budgetStatus(now.rate >= MIN_ROWS_PER_SECOND),
        value: now.rate,
        unit: 'rows/s',
        limit: MIN_ROWS_PER_SECOND,
      },
      {
        bench: 'import',
        figure: `import of ${int(ROWS)} products (${format.toUpperCase()}): server memory growth [${dialect}]`,
        budget: `< ${MB(MAX_GROWTH)}`,
        measured: memory(now) + beside(memory),
        status: budgetStatus(now.growth < MAX_GROWTH),
        value: now.growth,
        unit: 'bytes',
        limit: MAX_GROWTH,
      },
      {
        bench: 'import',
        figure: `another user's product list during the import (${format.toUpperCase()}): p99 [${dialect}]`,
        budget: `< ${MAX_P99_MS} ms`,
        measured: reads(now) + beside(reads),
        status: budgetStatus(now.readP99 < MAX_P99_MS),
        value: now.readP99,
        unit: 'ms',
        limit: MAX_P99_MS,
      },
    );
  }
  return { rows, details: { dialect, ...details, fixtureBuilt: false } };
}

export function benchImport(ctx: BenchContext): Promise<BenchOutcome> {
  return onBothDialects('import', { figure: 'import: rows per second [postgres]', budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s` }, (adminUrl) =>
    onDialect(ctx, adminUrl),
  );
}
