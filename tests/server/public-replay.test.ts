/**
 * Delivery answers replayed before the route (server/public/replay.ts, docs/decisions.md
 * §49): a repeated read, and its revalidation, go out as the route sent them — status,
 * headers in their order, body — without the route running, and only while everything the
 * route checks still holds: the site's data version, the site of the host or key, the
 * Origin's CORS decision. The harness records every answer a route sends (publicAnswers.ts),
 * so an answer that is not recorded was replayed.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect, it, vi } from 'vitest';
import { PUBLIC_API } from '../../server/public/routes.js';
import { forgetTenants } from '../../server/services/tenants.js';
import { fixtures, HOSTS, json, tenantId } from './entity-fixtures.js';
import { describeEachDialect, type Harness } from './harness.js';
import { recordedCount } from './publicAnswers.js';

const rossi = { host: HOSTS.rossi };
type Read = Parameters<Harness['get']>[1];

/** The headers as the client sees them, in their order, but those of the connection and the moment. */
const headersOf = (res: LightMyRequestResponse) => Object.entries(res.headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));

describeEachDialect('delivery answers replayed before the route', (h) => {
  const fx = fixtures(h);

  /** One read, and whether its route ran. */
  async function read(url: string, opts: Read) {
    const before = recordedCount();
    const res = await h.get(url, opts);
    return { res, routed: recordedCount() > before };
  }

  it('answers a repeated read and its revalidation as the route did, without the route', async () => {
    const url = `${PUBLIC_API}/products/?lang=en&items=5`;
    const first = await read(url, rossi);
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.routed).toBe(true);
    const again = await read(url, rossi);
    expect(again.routed).toBe(false);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.body).toBe(first.res.body);
    expect(headersOf(again.res)).toEqual(headersOf(first.res));

    const held = { ...rossi, headers: { 'if-none-match': String(first.res.headers.etag) } };
    const revalidated = await read(url, held);
    expect(revalidated.res.statusCode).toBe(304);
    expect(revalidated.routed).toBe(true);
    const revalidatedAgain = await read(url, held);
    expect(revalidatedAgain.routed).toBe(false);
    expect(revalidatedAgain.res.statusCode).toBe(304);
    expect(revalidatedAgain.res.body).toBe('');
    expect(headersOf(revalidatedAgain.res)).toEqual(headersOf(revalidated.res));
    // An ETag the answer does not have gets the whole answer.
    const stale = await read(url, { ...rossi, headers: { 'if-none-match': '"1.2.0.other"' } });
    expect(stale.res.statusCode).toBe(200);
    expect(stale.res.body).toBe(first.res.body);
  });

  it('goes the route’s way after a write of the site, and shows it', async () => {
    const url = `${PUBLIC_API}/products/?items=100`;
    await read(url, rossi);
    expect((await read(url, rossi)).routed).toBe(false);
    const id = await fx.create('product', 'rossi', { status: 'published' });
    const after = await read(url, rossi);
    expect(after.routed).toBe(true);
    expect(json(after.res).items.map((i: { id: number }) => i.id)).toContain(id);
  });

  it('keeps each Origin’s answer apart, with the CORS decision the route made for it', async () => {
    const url = `${PUBLIC_API}/site`;
    const own = { ...rossi, headers: { origin: `https://${HOSTS.rossi}` } };
    const stranger = { ...rossi, headers: { origin: 'https://elsewhere.example' } };
    for (const [opts, allowed] of [
      [own, `https://${HOSTS.rossi}`],
      [stranger, undefined],
      [rossi, undefined],
    ] as const) {
      await read(url, opts);
      const again = await read(url, opts);
      expect(again.routed).toBe(false);
      expect(again.res.statusCode).toBe(200);
      expect(again.res.headers['access-control-allow-origin']).toBe(allowed);
      expect(String(again.res.headers.vary)).toContain('Origin');
    }
  });

  it('asks the CORS question again: an origin listed behind the version’s back is allowed once the site is read again', async () => {
    const url = `${PUBLIC_API}/site?lang=it`;
    const shop = { ...rossi, headers: { origin: 'https://shop.example' } };
    await read(url, shop);
    const refused = await read(url, shop);
    expect(refused.routed).toBe(false);
    expect(refused.res.headers['access-control-allow-origin']).toBeUndefined();
    const site = await tenantId(h, 'rossi');
    await h.db.updateTable('tenants').set({ api_origins: '["https://shop.example"]' }).where('id', '=', site).execute();
    try {
      // Past the few seconds the site's origins are remembered for.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
      const allowed = await read(url, shop);
      expect(allowed.res.headers['access-control-allow-origin']).toBe('https://shop.example');
    } finally {
      vi.useRealTimers();
      await h.db.updateTable('tenants').set({ api_origins: '[]' }).where('id', '=', site).execute();
    }
  });

  it('answers 401 to a key revoked after its answers were kept', async () => {
    const admin = await h.login('admin', HOSTS.master);
    const made = await h.post('/api/siteKeys/', { host: HOSTS.master, session: admin, body: { tenant: await tenantId(h, 'rossi'), name: 'Website' } });
    expect(made.statusCode, made.body).toBe(201);
    const { id, key } = json(made) as { id: number; key: string };
    const keyed = { headers: { authorization: `Bearer ${key}` } };
    const url = `${PUBLIC_API}/site`;
    await read(url, keyed);
    expect((await read(url, keyed)).routed).toBe(false);
    const revoked = await h.call('DELETE', `/api/siteKeys/${id}/`, { host: HOSTS.master, session: admin });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await read(url, keyed)).res.statusCode).toBe(401);
  });

  it('answers 404 on the host of a site deactivated after its answers were kept, once the site is read again', async () => {
    const url = `${PUBLIC_API}/site`;
    const verdi = { host: HOSTS.verdi };
    await read(url, verdi);
    expect((await read(url, verdi)).routed).toBe(false);
    const site = await tenantId(h, 'verdi');
    // Behind the site's data version's back, as another instance's write looks until its few seconds pass.
    await h.db.updateTable('tenants').set({ is_active: 0 }).where('id', '=', site).execute();
    forgetTenants();
    try {
      expect((await read(url, verdi)).res.statusCode).toBe(404);
    } finally {
      await h.db.updateTable('tenants').set({ is_active: 1 }).where('id', '=', site).execute();
      forgetTenants();
    }
  });

  it('replays nothing with the response cache off', async () => {
    const app = await h.appWith({ LIST_CACHE_MB: '0' });
    const url = `${PUBLIC_API}/site`;
    await read(url, { ...rossi, app });
    expect((await read(url, { ...rossi, app })).routed).toBe(true);
  });
});
