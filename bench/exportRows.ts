/**
 * Benchmark: the export of one dealer site's whole product list (the products fixture,
 * lib/bulkProducts.ts: BENCH_PRODUCTS rows, 1,000,000 by default) as CSV, SQLite and
 * PostgreSQL side by side, read through to the end while the server's resident memory is
 * sampled every 20 ms. Budget (issue 17): ≥ 20,000 rows/s and a memory growth < 50 MB (rows
 * are read in keyset batches and streamed, never held whole). On SQLite the list's reads run
 * in reader processes, outside the figure: RSS bounds the main process.
 */
import http from 'node:http';
import { login, startApp } from './lib/app.js';
import { onBothDialects } from './lib/bothDialects.js';
import { budgetStatus, int, type BenchContext, type BenchOutcome } from './lib/report.js';
import { rssDuring } from './lib/upload.js';
import { productsFixture } from './products.js';

const SITE = 'rossi.localhost';
const MAX_GROWTH = 50 * 1024 * 1024;
const MIN_ROWS_PER_SECOND = 20_000;
const MB = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

/** Reads the file to its end without keeping it: its bytes and its lines (records whose text holds no line break). */
function drain(url: string, headers: Record<string, string>): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ bytes, lines }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function onDialect(ctx: BenchContext, adminUrl?: string) {
  const dialect = adminUrl ? 'postgres' : 'sqlite';
  const fx = await productsFixture(ctx, adminUrl);
  const app = await startApp({ name: `server (export, ${dialect})`, dataDir: fx.dataDir, spaDir: ctx.snapshot.spaDir, databaseUrl: fx.databaseUrl });
  try {
    const token = await login(app, 'rossi', undefined, SITE);
    const headers = { host: `${SITE}:${app.port}`, authorization: `Token ${token}` };
    const { result, idle, peak, growth, seconds } = await rssDuring(app.pid, () => drain(`${app.url}/api/products/export/?format=csv`, headers));
    // The header line aside; a product's text in the fixture holds no line break.
    const rows = result.lines - 1;
    const rate = rows / seconds;
    const measured = `${int(rows)} rows in ${seconds.toFixed(1)} s, ${MB(result.bytes)}`;
    return {
      rows: [
        {
          bench: 'export',
          figure: `export of ${int(rows)} products as CSV: rows per second [${dialect}]`,
          budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s`,
          measured: `${int(rate)}/s (${measured})`,
          status: budgetStatus(rate >= MIN_ROWS_PER_SECOND),
          value: rate,
          unit: 'rows/s',
          limit: MIN_ROWS_PER_SECOND,
        },
        {
          bench: 'export',
          figure: `export of ${int(rows)} products as CSV: server memory growth [${dialect}]`,
          budget: `< ${MB(MAX_GROWTH)}`,
          measured: `+${MB(growth)} (RSS ${MB(idle)} → peak ${MB(peak)})`,
          status: budgetStatus(growth < MAX_GROWTH),
          value: growth,
          unit: 'bytes',
          limit: MAX_GROWTH,
        },
      ],
      details: { dialect, rows, seconds, bytes: result.bytes, idleRss: idle, peakRss: peak, growth, fixtureBuilt: fx.built, fixtureBuildMs: fx.buildMs },
    };
  } finally {
    await app.stop();
  }
}

export function benchExport(ctx: BenchContext): Promise<BenchOutcome> {
  return onBothDialects('export', { figure: 'export: rows per second [postgres]', budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s` }, (adminUrl) =>
    onDialect(ctx, adminUrl),
  );
}
