/**
 * Benchmark: the import of BENCH_IMPORT_ROWS new products (10,000 by default) as one CSV
 * into the demo dealer site, SQLite and PostgreSQL side by side: from the upload to the job's
 * end, each row through the entity engine's create (form validation, slugs, references,
 * search words, revision) in batches of the job runner, while the server's resident memory
 * is sampled. Budget (issue 17): ≥ 2,000 rows/s, memory growth < 200 MB.
 */
import { login, siteHeaders, startApp } from './lib/app.js';
import { onBothDialects } from './lib/bothDialects.js';
import { tempDir } from './lib/lifecycle.js';
import { createPgDatabase } from './lib/pg.js';
import { budgetStatus, int, type BenchContext, type BenchOutcome } from './lib/report.js';
import { request } from './lib/server.js';
import { rssDuring } from './lib/upload.js';

const SITE = 'rossi.localhost';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const MIN_ROWS_PER_SECOND = 2000;
const MAX_GROWTH = 200 * 1024 * 1024;
const MB = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

interface Job {
  status: string;
  done: number;
  errors: number;
}

/** The upload as multipart/form-data text (the CSV is plain text). */
function form(csv: string): { body: string; type: string } {
  const b = `----bench${Date.now()}`;
  const options = JSON.stringify({ mode: 'create', key: 'sku' });
  const body = [
    `--${b}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${options}\r\n`,
    `--${b}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${b}--\r\n`,
  ].join('');
  return { body, type: `multipart/form-data; boundary=${b}` };
}

async function importOnce(url: string, headers: Record<string, string>, csv: string): Promise<Job> {
  const { body, type } = form(csv);
  const res = await request(`${url}/api/products/import/`, { method: 'POST', headers: { ...headers, 'content-type': type }, body, timeoutMs: 120_000 });
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${res.body.slice(0, 300)}`);
  const { job } = JSON.parse(res.body) as { job: { id: number } };
  for (;;) {
    const view = JSON.parse((await request(`${url}/api/jobs/${job.id}/`, { headers })).body) as Job;
    if (view.status !== 'queued' && view.status !== 'running') return view;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function onDialect(ctx: BenchContext, adminUrl?: string) {
  const dialect = adminUrl ? 'postgres' : 'sqlite';
  const pg = adminUrl ? await createPgDatabase(adminUrl) : undefined;
  const app = await startApp({
    name: `server (import, ${dialect})`,
    dataDir: tempDir(`import-${dialect}`),
    spaDir: ctx.snapshot.spaDir,
    databaseUrl: pg?.url,
    env: { JOBS_POLL_MS: '50' },
  });
  try {
    const token = await login(app, 'rossi', undefined, SITE);
    const headers = { ...siteHeaders(app.port, SITE), authorization: `Token ${token}` };
    const brand = { code: 'BENCHIMPORT' };
    const made = await request(`${app.url}/api/brand/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...brand, name: 'Bench import' }),
    });
    if (made.status !== 201) throw new Error(`brand answered ${made.status}: ${made.body.slice(0, 300)}`);
    const lines = ['sku,name,brand,price,status,model_year'];
    for (let i = 0; i < ROWS; i++) lines.push(`BENCH-${i},Bench tractor ${i},${brand.code},${1000 + i},published,${2000 + (i % 25)}`);
    const csv = `${lines.join('\n')}\n`;
    ctx.log(`  importing ${int(ROWS)} products on ${dialect}…`);
    const { result, idle, peak, growth, seconds } = await rssDuring(app.pid, () => importOnce(app.url, headers, csv));
    if (result.status !== 'done' || result.errors) throw new Error(`import ended ${result.status} with ${result.errors} errors`);
    const rate = result.done / seconds;
    return {
      rows: [
        {
          bench: 'import',
          figure: `import of ${int(ROWS)} new products from CSV: rows per second [${dialect}]`,
          budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s`,
          measured: `${int(rate)}/s (${int(result.done)} rows in ${seconds.toFixed(1)} s)`,
          status: budgetStatus(rate >= MIN_ROWS_PER_SECOND),
          value: rate,
          unit: 'rows/s',
          limit: MIN_ROWS_PER_SECOND,
        },
        {
          bench: 'import',
          figure: `import of ${int(ROWS)} products: server memory growth [${dialect}]`,
          budget: `< ${MB(MAX_GROWTH)}`,
          measured: `+${MB(growth)} (RSS ${MB(idle)} → peak ${MB(peak)})`,
          status: budgetStatus(growth < MAX_GROWTH),
          value: growth,
          unit: 'bytes',
          limit: MAX_GROWTH,
        },
      ],
      details: { dialect, rows: result.done, seconds, idleRss: idle, peakRss: peak, growth, fixtureBuilt: false },
    };
  } finally {
    await app.stop();
    await pg?.drop();
  }
}

export function benchImport(ctx: BenchContext): Promise<BenchOutcome> {
  return onBothDialects('import', { figure: 'import: rows per second [postgres]', budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s` }, (adminUrl) =>
    onDialect(ctx, adminUrl),
  );
}
