/**
 * Benchmark: the export of one dealer site's whole product list (the products fixture,
 * lib/bulkProducts.ts: BENCH_PRODUCTS rows, 1,000,000 by default) as CSV and as XLSX, SQLite and
 * PostgreSQL side by side, read through to the end while the server's resident memory is
 * sampled every 20 ms. Budget (issue 17): ≥ 20,000 rows/s and a memory growth < 50 MB (rows
 * are read in keyset batches and streamed, never held whole). On SQLite the list's reads run
 * in reader processes, outside the figure: RSS bounds the main process.
 */
import http from 'node:http';
import { login, startApp } from './lib/app.js';
import { onBothDialects } from './lib/bothDialects.js';
import { budgetStatus, int, type BenchContext, type BenchOutcome, type Row } from './lib/report.js';
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
    const csv = await rssDuring(app.pid, () => drain(`${app.url}/api/products/export/?format=csv`, headers));
    // The header line aside; a product's text in the fixture holds no line break.
    const rows = csv.result.lines - 1;
    // An XLSX file is zipped: its rows are the CSV's (the same list).
    const xlsx = await rssDuring(app.pid, () => drain(`${app.url}/api/products/export/?format=xlsx`, headers));
    const figures = (
      [
        ['CSV', csv],
        ['XLSX', xlsx],
      ] as const
    ).flatMap(([format, m]): Row[] => {
      const rate = rows / m.seconds;
      return [
        {
          bench: 'export',
          figure: `export of ${int(rows)} products as ${format}: rows per second [${dialect}]`,
          budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s`,
          measured: `${int(rate)}/s (${int(rows)} rows in ${m.seconds.toFixed(1)} s, ${MB(m.result.bytes)})`,
          status: budgetStatus(rate >= MIN_ROWS_PER_SECOND),
          value: rate,
          unit: 'rows/s',
          limit: MIN_ROWS_PER_SECOND,
        },
        {
          bench: 'export',
          figure: `export of ${int(rows)} products as ${format}: server memory growth [${dialect}]`,
          budget: `< ${MB(MAX_GROWTH)}`,
          measured: `+${MB(m.growth)} (RSS ${MB(m.idle)} → peak ${MB(m.peak)})`,
          status: budgetStatus(m.growth < MAX_GROWTH),
          value: m.growth,
          unit: 'bytes',
          limit: MAX_GROWTH,
        },
      ];
    });
    const detail = (m: typeof csv) => ({ seconds: m.seconds, bytes: m.result.bytes, idleRss: m.idle, peakRss: m.peak, growth: m.growth });
    return { rows: figures, details: { dialect, rows, csv: detail(csv), xlsx: detail(xlsx), fixtureBuilt: fx.built, fixtureBuildMs: fx.buildMs } };
  } finally {
    await app.stop();
  }
}

export function benchExport(ctx: BenchContext): Promise<BenchOutcome> {
  return onBothDialects('export', { figure: 'export: rows per second [postgres]', budget: `≥ ${int(MIN_ROWS_PER_SECOND)}/s` }, (adminUrl) =>
    onDialect(ctx, adminUrl),
  );
}
