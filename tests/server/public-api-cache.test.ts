/**
 * The delivery API's answers are made to be cached, and are correct by construction
 * (issue 15 point 3): an ETag from the site's data version and the request, 304 on
 * revalidation, CDN headers naming the site, a new answer after a write here or on another
 * instance, time-window content cached only until its next boundary, and a rate limit per
 * client address.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { redirect } from '../../entities/redirect.js';
import { PUBLIC_API } from '../../server/public/routes.js';
import { fixtures, HOSTS, json, tenantId } from './entity-fixtures.js';
import { describeEachDialect } from './harness.js';

const rossi = { host: HOSTS.rossi };
const PRODUCTS = `${PUBLIC_API}/products/`;
const maxAge = (header: unknown) => Number(/max-age=(\d+)/.exec(String(header))?.[1]);
const stale = (header: unknown) => Number(/stale-while-revalidate=(\d+)/.exec(String(header))?.[1]);

describeEachDialect('delivery API caching', (h) => {
  const fx = fixtures(h);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says public with max-age and stale-while-revalidate, names the site for a CDN, and sets no cookie', async () => {
    const res = await h.get(PRODUCTS, rossi);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const tag = `site-${await tenantId(h, 'rossi')}`;
    expect(res.headers['surrogate-key']).toBe(tag);
    expect(res.headers['cache-tag']).toBe(tag);
    expect(res.headers.etag).toMatch(/^"\d+\.\d+\.[0-9a-z]+\.[\w-]+"$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 304 to its own ETag, and a new ETag for another request', async () => {
    const first = await h.get(PRODUCTS, rossi);
    const again = await h.get(PRODUCTS, { ...rossi, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    const other = await h.get(`${PRODUCTS}?lang=en`, { ...rossi, headers: { 'if-none-match': first.headers.etag as string } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('makes a new answer after a write, on this instance and on another one', async () => {
    const other = await h.appWith({});
    const admin = await h.login('rossi', HOSTS.rossi);
    const before = await h.get(PRODUCTS, rossi);
    const id = await fx.create('product', 'rossi', { status: 'draft' });
    const res = await h.call('PATCH', `/api/products/${id}/`, { host: HOSTS.rossi, session: admin, app: other, body: { status: 'published', version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    await h.settled();
    const after = await h.get(PRODUCTS, { ...rossi, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(json(after).items.map((i: { id: number }) => i.id)).toContain(id);
  });

  it('keeps content with a time window only until its next boundary: a promotion that starts in the next minute', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${today}T23:59:30.000Z`) });
    const id = await fx.create('promotion', 'rossi', { status: 'published', valid_from: tomorrow, valid_to: '' });
    const url = `${PUBLIC_API}/promotions/`;
    const before = await h.get(url, rossi);
    expect(json(before).items.map((i: { id: number }) => i.id)).not.toContain(id);
    expect(maxAge(before.headers['cache-control'])).toBeLessThanOrEqual(30);
    expect(maxAge(before.headers['cache-control']) + stale(before.headers['cache-control'])).toBeLessThanOrEqual(30);
    expect((await h.get(url, { ...rossi, headers: { 'if-none-match': before.headers.etag as string } })).statusCode).toBe(304);

    vi.setSystemTime(Date.parse(`${tomorrow}T00:00:01.000Z`));
    const after = await h.get(url, { ...rossi, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(json(after).items.map((i: { id: number }) => i.id)).toContain(id);
  });

  it('shows a news item from its publish_at on, without any job running', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    const publishAt = new Date(now + 45_000).toISOString();
    const body = await fx.body('news', 'rossi', { status: 'published', publish_at: publishAt });
    const slug = `open-day-${fx.next()}`;
    (body.translations as Record<string, { slug: string }>).it!.slug = slug;
    await fx.create('news', 'rossi', body);
    const url = `${PUBLIC_API}/news/${slug}`;
    expect((await h.get(url, rossi)).statusCode).toBe(404);
    const list = await h.get(`${PUBLIC_API}/news/`, rossi);
    expect(maxAge(list.headers['cache-control'])).toBeLessThanOrEqual(45);
    vi.setSystemTime(now + 46_000);
    expect((await h.get(url, rossi)).statusCode).toBe(200);
  });

  it("reads the primary domain of a key's site once, not on every request, and again after the site is written", async () => {
    const admin = await h.login('admin', HOSTS.master);
    const rossiId = await tenantId(h, 'rossi');
    const made = await h.post('/api/siteKeys/', { host: HOSTS.master, session: admin, body: { tenant: rossiId, name: 'Cache probe' } });
    expect(made.statusCode, made.body).toBe(201);
    const keyed = { host: 'front-end.example', headers: { authorization: `Bearer ${json(made).key as string}` } };
    expect((await h.get(`${PUBLIC_API}/site`, keyed)).statusCode).toBe(200);
    const domainReads = async (url: string) => {
      const reads = vi.spyOn(h.app.db, 'selectFrom');
      try {
        expect((await h.get(url, keyed)).statusCode).toBe(200);
        return reads.mock.calls.filter(([from]) => String(from).startsWith('tenant_domains')).length;
      } finally {
        reads.mockRestore();
      }
    };
    expect(await domainReads(`${PUBLIC_API}/site?lang=en`)).toBe(0);
    const site = json(await h.get(`/api/tenants/${rossiId}/`, { host: HOSTS.master, session: admin }));
    const renamed = await h.call('PATCH', `/api/tenants/${rossiId}/`, { host: HOSTS.master, session: admin, body: { name: site.name, version: site.version } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await domainReads(`${PUBLIC_API}/site`)).toBeGreaterThan(0);
  });

  it('answers a moved path from the cache as any other: the second 301 reads nothing, a changed redirect is read anew', async () => {
    const admin = await h.login('rossi', HOSTS.rossi);
    const from = `/en/moved-${fx.next()}`;
    const made = await h.post('/api/redirects/', { host: HOSTS.rossi, session: admin, body: { from_path: from, to_path: '/en/' } });
    expect(made.statusCode, made.body).toBe(201);
    const route = `${PUBLIC_API}/route?path=${encodeURIComponent(from)}`;
    const answered = async () => {
      const reads = vi.spyOn(h.app.db, 'selectFrom');
      try {
        const res = await h.get(route, rossi);
        return { res, reads: reads.mock.calls.filter(([table]) => String(table).startsWith(redirect.table)).length };
      } finally {
        reads.mockRestore();
      }
    };
    const first = await answered();
    expect(first.res.statusCode).toBe(301);
    expect(first.res.headers.location).toBe('/en/');
    expect(json(first.res)).toEqual({ location: '/en/' });
    expect(first.reads).toBe(1);
    const second = await answered();
    expect(second.res.statusCode).toBe(301);
    expect(second.res.headers.location).toBe('/en/');
    expect(second.res.headers['cache-control']).toBe(first.res.headers['cache-control']);
    expect(second.reads).toBe(0);

    const row = json(made);
    const moved = await h.call('PATCH', `/api/redirects/${row.id}/`, {
      host: HOSTS.rossi,
      session: admin,
      body: { to_path: '/en/contacts', version: row.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await h.settled();
    const third = await answered();
    expect(third.res.headers.location).toBe('/en/contacts');
    expect(third.reads).toBe(1);
  });

  it('answers 429 with Retry-After past the limit of one address, and counts each address apart', async () => {
    const limited = await h.appWith({ PUBLIC_API_REQUESTS_PER_MINUTE: '3' });
    const from = (remoteAddress: string) => h.get(`${PUBLIC_API}/site`, { ...rossi, app: limited, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(refused)).toHaveProperty('detail');
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});
