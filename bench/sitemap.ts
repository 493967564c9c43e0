/**
 * Benchmark: the sitemaps of one dealer site holding the products fixture (1,000,000
 * products, lib/bulkProducts.ts; 80 % published, each in the site's two languages), SQLite
 * and PostgreSQL side by side: the index, then every file it names read through to the end,
 * one after another, while the server's resident memory is sampled every 20 ms.
 * Budget (issue 15): serving it all grows the server's memory by < 50 MB (each file is
 * streamed from the database in keyset pages, never held whole). Time and URLs per second
 * are reported beside it. The server's heap cannot be read from outside: RSS bounds it.
 */
import http from 'node:http';
import { startApp } from './lib/app.js';
import { onBothDialects } from './lib/bothDialects.js';
import { budgetStatus, int, type BenchContext, type BenchOutcome } from './lib/report.js';
import { request } from './lib/server.js';
import { rssDuring } from './lib/upload.js';
import { productsFixture } from './products.js';

const SITE = 'rossi.localhost';
const MAX_GROWTH = 50 * 1024 * 1024;
const MB = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

/** Reads a file to its end without keeping it: its bytes and the URLs it lists. */
function drain(url: string, host: string): Promise<{ bytes: number; urls: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      let urls = 0;
      // A `<url>` split between two chunks is counted from the carried tail.
      let tail = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        const text = tail + chunk;
        urls += text.split('<url>').length - 1;
        tail = text.slice(-4);
      });
      res.on('end', () => resolve({ bytes, urls }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function onDialect(ctx: BenchContext, adminUrl?: string) {
  const dialect = adminUrl ? 'postgres' : 'sqlite';
  const fx = await productsFixture(ctx, adminUrl);
  const app = await startApp({
    name: `server (sitemaps, ${dialect})`,
    dataDir: fx.dataDir,
    spaDir: ctx.snapshot.spaDir,
    databaseUrl: fx.databaseUrl,
    env: { PUBLIC_API_REQUESTS_PER_MINUTE: '0' },
  });
  try {
    const host = `${SITE}:${app.port}`;
    // Warm the route and the site lookup with the small robots.txt before the idle figure.
    await request(`${app.url}/robots.txt`, { headers: { host } });
    const { result, idle, peak, growth, seconds } = await rssDuring(app.pid, async () => {
      const index = await request(`${app.url}/sitemap.xml`, { headers: { host }, timeoutMs: 600_000 });
      if (index.status !== 200) throw new Error(`sitemap.xml answered ${index.status}: ${index.body.slice(0, 300)}`);
      const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      ctx.log(`  [${dialect}] ${files.length} sitemap files…`);
      let [bytes, urls] = [0, 0];
      for (const file of files) {
        const got = await drain(`${app.url}${file}`, host);
        bytes += got.bytes;
        urls += got.urls;
      }
      return { files, bytes, urls };
    });
    const { files, bytes, urls } = result;
    return {
      rows: [
        {
          bench: 'sitemap',
          figure: `sitemaps of ${int(urls)} URLs: server memory growth [${dialect}]`,
          budget: `< ${MB(MAX_GROWTH)}`,
          measured: `+${MB(growth)} (RSS ${MB(idle)} → peak ${MB(peak)}); ${files.length} files, ${MB(bytes)} in ${seconds.toFixed(1)} s (${int(urls / seconds)} URLs/s)`,
          status: budgetStatus(growth < MAX_GROWTH),
          value: growth,
          unit: 'bytes',
          limit: MAX_GROWTH,
        },
      ],
      details: { dialect, idleRss: idle, peakRss: peak, growth, seconds, files: files.length, urls, bytes, fixtureBuilt: fx.built, fixtureBuildMs: fx.buildMs },
    };
  } finally {
    await app.stop();
  }
}

export function benchSitemap(ctx: BenchContext): Promise<BenchOutcome> {
  return onBothDialects('sitemap', { figure: 'sitemaps: server memory growth [postgres]', budget: `< ${MB(MAX_GROWTH)}` }, (adminUrl) =>
    onDialect(ctx, adminUrl),
  );
}
