/**
 * robots.txt and the sitemaps of a dealer host (issue 15 point 5): valid by the sitemaps.org
 * schemas' rules (fixtures/sitemapXml.ts), every page and public row in every site language
 * with hreflang alternates and lastmod, nothing that is not public, split into files of at
 * most the configured URLs (lowered here to 15, so a small site splits), cached like the
 * delivery API, one site's URLs only, 404 on the master host and unknown hosts.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { publicPath } from '../../entities/publicPaths.js';
import { SLUGS_TABLE } from '../../server/entities/schema.js';
import { PUBLIC_API } from '../../server/public/routes.js';
import { readIndex, readUrlset, type SitemapUrl } from './fixtures/sitemapXml.js';
import { fixtures, HOSTS, json, tenantId } from './entity-fixtures.js';
import { describeEachDialect } from './harness.js';

const LIMIT = 15;
const rossi = { host: HOSTS.rossi };
const origin = (host: string) => `http://${host}`;
const maxAge = (header: unknown) => Number(/max-age=(\d+)/.exec(String(header))?.[1]);

describeEachDialect(
  'sitemaps and robots.txt',
  (h) => {
    const fx = fixtures(h);
    afterEach(() => {
      vi.useRealTimers();
    });

    /** The index's files and every URL they list, each file checked against the schema's rules and the limit. */
    async function sitemap(host: string = HOSTS.rossi) {
      const index = await h.get('/sitemap.xml', { host });
      expect(index.statusCode, index.body).toBe(200);
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      const files = readIndex(index.body);
      const urls: SitemapUrl[] = [];
      for (const file of files) {
        const at = new URL(file);
        expect(at.origin).toBe(origin(host));
        const res = await h.get(at.pathname, { host });
        expect(res.statusCode, `${file}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        urls.push(...readUrlset(res.body, LIMIT));
      }
      return { files, urls, locs: new Set(urls.map((u) => u.loc)) };
    }

    const slugsOf = async (entity: string, id: number) =>
      (await h.db
        .selectFrom(SLUGS_TABLE as never)
        .select(['slug', 'language'] as never)
        .where('entity' as never, '=', entity as never)
        .where('entity_id' as never, '=', id as never)
        .execute()) as Array<{
        slug: string;
        language: string;
      }>;

    it('lists every page and public row in every site language, each a path `route` resolves, with its alternates and lastmod', async () => {
      const product = await fx.create('product', 'rossi', { status: 'published' });
      const { urls, locs } = await sitemap();
      expect(new Set(urls.map((u) => u.loc)).size, 'each URL once').toBe(urls.length);
      for (const lang of ['it', 'en']) {
        const slug = (await slugsOf('product', product)).find((s) => s.language === lang)!.slug;
        expect(locs, lang).toContain(`${origin(HOSTS.rossi)}${publicPath('/{lang}/{products}/{slug}', lang, { slug })}`);
      }
      expect(locs).toContain(`${origin(HOSTS.rossi)}/it/chi-siamo`);
      expect(locs).toContain(`${origin(HOSTS.rossi)}/en/about-us`);
      for (const url of urls) {
        const path = new URL(url.loc).pathname;
        const route = await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(path)}`, rossi);
        expect(route.statusCode, `${path} resolves`).toBe(200);
        const body = json(route);
        const alternates = Object.fromEntries(Object.entries(body.alternates as Record<string, string>).map(([l, p]) => [l, `${origin(HOSTS.rossi)}${p}`]));
        expect(url.alternates, path).toEqual({ ...alternates, 'x-default': alternates.it });
        expect(url.alternates[body.language as string]).toBe(url.loc);
        expect(Date.parse(url.lastmod ?? ''), `${path} lastmod`).toBeGreaterThan(Date.parse('2020-01-01'));
      }
    });

    it('lists every row the delivery API lists, in the default language', async () => {
      const { locs } = await sitemap();
      const patterns = {
        products: '/{lang}/{products}/{slug}',
        'used-products': '/{lang}/{used}/{slug}',
        news: '/{lang}/{news}/{slug}',
        promotions: '/{lang}/{promotions}/{slug}',
      };
      let checked = 0;
      for (const [collection, pattern] of Object.entries(patterns)) {
        for (let page = 1; ; page++) {
          const list = json(await h.get(`${PUBLIC_API}/${collection}/?items=100&page=${page}`, rossi));
          for (const item of list.items) {
            expect(locs, `${collection} ${item.id}`).toContain(`${origin(HOSTS.rossi)}${publicPath(pattern, 'it', { slug: item.slug })}`);
            checked++;
          }
          if (!list.paginator.has_next) break;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });

    it('never lists a draft, an archived row, a future publish_at or an expired promotion', async () => {
      const year = new Date().getUTCFullYear();
      const hidden = [
        ['product', await fx.create('product', 'rossi', { status: 'draft' })],
        ['product', await fx.create('product', 'rossi', { status: 'archived' })],
        ['usedProduct', await fx.create('usedProduct', 'rossi', { status: 'draft' })],
        ['news', await fx.create('news', 'rossi', { status: 'published', publish_at: `${year + 1}-01-01T00:00:00.000Z` })],
        ['promotion', await fx.create('promotion', 'rossi', { status: 'published', valid_from: `${year - 2}-01-01`, valid_to: `${year - 1}-01-01` })],
      ] as const;
      const shown = await fx.create('news', 'rossi', { status: 'published', publish_at: `${year - 1}-01-01T00:00:00.000Z` });
      const { urls } = await sitemap();
      const listed = new Set(urls.flatMap((u) => [u.loc, ...Object.values(u.alternates)]).map((l) => decodeURIComponent(l.slice(l.lastIndexOf('/') + 1))));
      for (const [entity, id] of hidden) {
        const slugs = await slugsOf(entity, id);
        expect(slugs.length).toBeGreaterThan(0);
        for (const { slug } of slugs) expect(listed.has(slug), `${entity} ${id} (${slug})`).toBe(false);
      }
      for (const { slug } of await slugsOf('news', shown)) expect(listed.has(slug)).toBe(true);
    });

    it(`splits into files of at most ${LIMIT} URLs (a row is one URL per language), each row in one file`, async () => {
      for (let i = 0; i < 16; i++) await fx.create('product', 'rossi', { status: 'published' });
      const { files, urls } = await sitemap();
      // Rossi has two languages: 7 rows (14 URLs) a file; its 11 pages make two files.
      expect(files.filter((f) => f.includes('/sitemap-pages-'))).toHaveLength(2);
      expect(files.filter((f) => f.includes('/sitemap-products-')).length).toBeGreaterThanOrEqual(3);
      expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
      // The default limit keeps a small site in one file per source.
      const roomy = await h.appWith({ SITEMAP_URLS_PER_FILE: '50000', PUBLIC_API_REQUESTS_PER_MINUTE: '0' });
      const index = readIndex((await h.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: HOSTS.rossi } }, roomy)).body);
      expect(index.filter((f) => f.includes('/sitemap-pages-'))).toHaveLength(1);
      expect(index.filter((f) => f.includes('/sitemap-products-'))).toHaveLength(1);
    });

    it('keeps every file within the byte cap, counted for the widest row a source can have, and loses no URL', async () => {
      for (let i = 0; i < 6; i++) await fx.create('product', 'rossi', { status: 'published' });
      const files = async (env: Record<string, string>) => {
        const app = await h.appWith({ ...env, PUBLIC_API_REQUESTS_PER_MINUTE: '0' });
        const get = async (url: string) => (await h.inject({ method: 'GET', url, headers: { host: HOSTS.rossi } }, app)).body;
        const out: Array<{ name: string; bytes: number; locs: string[] }> = [];
        for (const file of readIndex(await get('/sitemap.xml'))) {
          const body = await get(new URL(file).pathname);
          out.push({ name: file, bytes: Buffer.byteLength(body), locs: readUrlset(body, 50_000).map((u) => u.loc) });
        }
        return out;
      };
      const capped = await files({ SITEMAP_URLS_PER_FILE: '50000', SITEMAP_BYTES_PER_FILE: '10000' });
      const roomy = await files({ SITEMAP_URLS_PER_FILE: '50000' });
      for (const f of capped) expect(f.bytes, f.name).toBeLessThanOrEqual(10_000);
      expect(capped.length).toBeGreaterThan(roomy.length);
      expect(capped.flatMap((f) => f.locs).sort()).toEqual(roomy.flatMap((f) => f.locs).sort());
    });

    it("shows one site's URLs only, on that site's host", async () => {
      const theirs = await fx.create('product', 'verdi', { status: 'published' });
      const [mine, verdi] = [await sitemap(HOSTS.rossi), await sitemap(HOSTS.verdi)];
      for (const u of mine.urls) expect(new URL(u.loc).host).toBe(HOSTS.rossi);
      for (const u of verdi.urls) expect(new URL(u.loc).host).toBe(HOSTS.verdi);
      const slug = (await slugsOf('product', theirs))[0]!.slug;
      expect([...verdi.locs].some((l) => l.endsWith(`/${encodeURIComponent(slug)}`))).toBe(true);
      expect([...mine.locs].some((l) => l.endsWith(`/${encodeURIComponent(slug)}`))).toBe(false);
    });

    it('answers 404 on the master host and unknown hosts, whatever key a request bears; a key is not read on a dealer host', async () => {
      for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap-pages-1.xml']) {
        for (const host of [HOSTS.master, 'nowhere.localhost']) {
          expect((await h.get(path, { host })).statusCode, `${host}${path}`).toBe(404);
          expect((await h.get(path, { host, headers: { authorization: 'Bearer dbk_whatever' } })).statusCode, `${host}${path} with a key`).toBe(404);
        }
        expect((await h.get(path, { ...rossi, headers: { authorization: 'Bearer dbk_whatever' } })).statusCode, path).toBe(200);
      }
    });

    it('answers 404 for a file that names nothing or is no file name, 400 for a query', async () => {
      for (const path of [
        '/sitemap-nothing-1.xml',
        '/sitemap-products-999999999.xml',
        '/sitemap-products-0.xml',
        '/sitemap-products.xml',
        '/sitemap-products-1.txt',
      ]) {
        expect((await h.get(path, rossi)).statusCode, path).toBe(404);
      }
      expect((await h.get('/sitemap.xml?x=1', rossi)).statusCode).toBe(400);
    });

    it('robots.txt keeps crawlers off the back-office and the API and names the sitemap on the asked host', async () => {
      const res = await h.get('/robots.txt', { host: `${HOSTS.rossi}:3000` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(`User-agent: *\nDisallow: /backoffice/\nDisallow: /api/\n\nSitemap: http://${HOSTS.rossi}:3000/sitemap.xml\n`);
      // The host is part of the answer's key: another host of the site gets its own.
      expect((await h.get('/robots.txt', rossi)).body).toContain(`Sitemap: http://${HOSTS.rossi}/sitemap.xml`);
    });

    it('is cached like the delivery API: ETag, 304, CDN headers, a new answer after a write', async () => {
      const index = await h.get('/sitemap.xml', rossi);
      const tag = `site-${await tenantId(h, 'rossi')}`;
      for (const path of ['/sitemap.xml', '/sitemap-pages-1.xml', '/robots.txt']) {
        const res = await h.get(path, rossi);
        expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
        expect(res.headers['surrogate-key']).toBe(tag);
        expect(res.headers.etag).toMatch(/^"\d+\.\d+\.[0-9a-z]+\.[\w-]+"$/);
        const again = await h.get(path, { ...rossi, headers: { 'if-none-match': res.headers.etag as string } });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
      }
      const id = await fx.create('product', 'rossi', { status: 'published' });
      await h.settled();
      const after = await h.get('/sitemap.xml', { ...rossi, headers: { 'if-none-match': index.headers.etag as string } });
      expect(after.statusCode).toBe(200);
      const { urls } = await sitemap();
      const slug = (await slugsOf('product', id))[0]!.slug;
      expect(urls.some((u) => u.loc.endsWith(`/${encodeURIComponent(slug)}`))).toBe(true);
    });

    it('is cached only until the next window boundary: a news item that publishes in 30 seconds', async () => {
      const now = Date.parse(new Date().toISOString().slice(0, 10) + 'T12:00:00.000Z');
      vi.useFakeTimers({ toFake: ['Date'], now });
      const id = await fx.create('news', 'rossi', { status: 'published', publish_at: new Date(now + 30_000).toISOString() });
      const slug = (await slugsOf('news', id))[0]!.slug;
      const before = await h.get('/sitemap.xml', rossi);
      expect(maxAge(before.headers['cache-control'])).toBeLessThanOrEqual(30);
      expect((await sitemap()).urls.some((u) => u.loc.endsWith(`/${encodeURIComponent(slug)}`))).toBe(false);
      vi.setSystemTime(now + 31_000);
      expect((await h.get('/sitemap.xml', { ...rossi, headers: { 'if-none-match': before.headers.etag as string } })).statusCode).toBe(200);
      expect((await sitemap()).urls.some((u) => u.loc.endsWith(`/${encodeURIComponent(slug)}`))).toBe(true);
    });

    it("counts toward the delivery API's rate limit per address", async () => {
      const limited = await h.appWith({ PUBLIC_API_REQUESTS_PER_MINUTE: '2' });
      const call = (url: string) => h.inject({ method: 'GET', url, headers: { host: HOSTS.rossi }, remoteAddress: '203.0.113.9' }, limited);
      expect((await call('/robots.txt')).statusCode).toBe(200);
      expect((await call(`${PUBLIC_API}/site`)).statusCode).toBe(200);
      const refused = await call('/sitemap.xml');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
  { env: { SITEMAP_URLS_PER_FILE: String(LIMIT), PUBLIC_API_REQUESTS_PER_MINUTE: '0' } },
);
