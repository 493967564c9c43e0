/**
 * Issue 15 point 4: the master back-office's Redirects list spans dealer sites — every site
 * for a superuser (and staff holding the permission), only its market's sites for a market
 * administrator — and each redirect is written in its own site, under that site's rules.
 * A market administrator can neither read nor write a redirect of a site outside its market:
 * not in the list, 404 by id, 400 for a new one, nothing changed.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redirectFor } from '../../server/services/redirects/lookup.js';
import { fixtures } from '../server/entity-fixtures.js';
import { describeEachDialect, expectFieldErrors, type Session } from '../server/harness.js';
import { changedTables, fingerprint } from './checksum.js';

const URL = '/api/redirects/';
const MASTER = 'localhost';

interface Item {
  id: number;
  tenant: number;
  from_path: string;
  to_path: string;
  _refs: { tenant: { id: number; title: string } | null };
}

describeEachDialect('redirects across sites, on the master back-office', (h) => {
  let admin: Session;
  let italyMA: Session;
  let rossi: number;
  let spanishSite: number;
  /** A redirect of the Spanish site, made by a superuser. */
  let spanish: Item;

  const marketId = async (code: string) => (await h.db.selectFrom('markets').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const as = (session: Session) => ({
    get: (url: string) => h.get(url, { host: MASTER, session }),
    call: (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) =>
      h.call(method, url, { host: MASTER, session, body, headers }),
  });
  const items = async (session: Session, query = '') => {
    const res = await as(session).get(`${URL}?items=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as Item[];
  };

  beforeAll(async () => {
    admin = await h.login('admin');
    const fx = fixtures(h);
    spanishSite = await fx.create('tenant', 'master', { name: 'Tractores Sevilla', market: await marketId('ES') });
    rossi = (await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', 'rossi.localhost').executeTakeFirstOrThrow()).tenant_id;
    const made = await as(admin).call('POST', URL, { tenant: spanishSite, from_path: '/es/viejo', to_path: '/es/nuevo' });
    expect(made.statusCode, made.body).toBe(201);
    spanish = made.json();
  });
  beforeEach(async () => {
    admin = await h.login('admin');
    italyMA = await h.login('market');
  });

  describe('a superuser', () => {
    it('lists the redirects of every site, each with its site, and filters by site', async () => {
      const rossiMade = await as(admin).call('POST', URL, { tenant: rossi, from_path: '/it/vecchio-master', to_path: '/it/nuovo-master' });
      expect(rossiMade.statusCode, rossiMade.body).toBe(201);
      expect(rossiMade.json()).toMatchObject({ tenant: rossi, from_path: '/it/vecchio-master', origin: 'manual' });
      const all = await items(admin);
      expect(all.map((i) => i.id)).toEqual(expect.arrayContaining([spanish.id, rossiMade.json().id]));
      expect(all.find((i) => i.id === spanish.id)!._refs.tenant).toEqual({ id: spanishSite, title: 'Tractores Sevilla' });
      const onlySpain = await items(admin, `&fltr=tenant%3D${spanishSite}`);
      expect(onlySpain.map((i) => i.id)).toEqual([spanish.id]);
      const found = await items(admin, '&search=vecchio');
      expect(found.map((i) => i.from_path)).toContain('/it/vecchio-master');
      expect(found.every((i) => i.tenant === rossi)).toBe(true);
    });

    it('writes a redirect in its own site: the site answers it, and its rules hold (unique per site, no loop)', async () => {
      expect(await redirectFor(h.db, spanishSite, '/es/viejo')).toEqual({ location: '/es/nuevo' });
      // The same path is free on another site, taken on its own.
      expect((await as(admin).call('POST', URL, { tenant: rossi, from_path: '/es/viejo', to_path: '/x' })).statusCode).toBe(201);
      expectFieldErrors(await as(admin).call('POST', URL, { tenant: spanishSite, from_path: '/es/viejo', to_path: '/y' }), ['from_path']);
      expectFieldErrors(await as(admin).call('POST', URL, { tenant: spanishSite, from_path: '/es/nuevo', to_path: '/es/viejo' }), ['to_path']);
      const changed = await as(admin).call('PATCH', `${URL}${spanish.id}/`, { to_path: '/es/otro', version: 1 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ tenant: spanishSite, to_path: '/es/otro', version: 2 });
      expect(await redirectFor(h.db, spanishSite, '/es/viejo')).toEqual({ location: '/es/otro' });
    });

    it('refuses a new redirect without a site or for no dealer site, and keeps a redirect on its site', async () => {
      expectFieldErrors(await as(admin).call('POST', URL, { from_path: '/a', to_path: '/b' }), ['tenant']);
      const master = (await h.db.selectFrom('tenants').select('id').where('kind', '=', 'default').executeTakeFirstOrThrow()).id;
      for (const tenant of [master, 999_999, 'x']) expectFieldErrors(await as(admin).call('POST', URL, { tenant, from_path: '/a', to_path: '/b' }), ['tenant']);
      const current = (await as(admin).get(`${URL}${spanish.id}/`)).json();
      expectFieldErrors(await as(admin).call('PATCH', `${URL}${spanish.id}/`, { tenant: rossi, version: current.version }), ['tenant']);
    });
  });

  describe('a market administrator', () => {
    it('sees only the redirects of its market, and can add, change and delete them', async () => {
      const listed = await items(italyMA);
      expect(listed.map((i) => i.id)).not.toContain(spanish.id);
      expect(JSON.stringify(listed)).not.toContain('Sevilla');
      expect(await items(italyMA, `&fltr=tenant%3D${spanishSite}`)).toEqual([]);
      const made = await as(italyMA).call('POST', URL, { tenant: rossi, from_path: '/it/ma-vecchio', to_path: '/it/ma-nuovo' });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().id as number;
      expect((await items(italyMA)).map((i) => i.id)).toContain(id);
      const changed = await as(italyMA).call('PUT', `${URL}${id}/`, { tenant: rossi, from_path: '/it/ma-vecchio', to_path: '/it/ma-altro', version: 1 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await as(italyMA).call('DELETE', `${URL}${id}/`)).statusCode).toBe(204);
      expect(await redirectFor(h.db, rossi, '/it/ma-vecchio')).toBeUndefined();
    });

    it('can neither read nor write a redirect of a site outside its market, and changes nothing', async () => {
      const before = await fingerprint(h);
      const ma = as(italyMA);
      expect((await ma.get(`${URL}${spanish.id}/`)).statusCode).toBe(404);
      for (const method of ['PUT', 'PATCH'] as const) {
        expect((await ma.call(method, `${URL}${spanish.id}/`, { tenant: spanishSite, from_path: '/es/viejo', to_path: '/es/x', version: 1 })).statusCode).toBe(
          404,
        );
      }
      expect((await ma.call('DELETE', `${URL}${spanish.id}/`)).statusCode).toBe(404);
      const bulk = await ma.call('POST', `${URL}bulk_delete/`, { ids: [spanish.id] });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(bulk.json()).toEqual({ deleted: [], not_found: [spanish.id] });
      const refused = await ma.call('POST', URL, { tenant: spanishSite, from_path: '/es/intruso', to_path: '/es/nuevo' });
      expectFieldErrors(refused, ['tenant']);
      expect(refused.body).not.toContain('Sevilla');
      expect(changedTables(before, await fingerprint(h))).toEqual([]);
      expect((await as(admin).get(`${URL}${spanish.id}/`)).statusCode).toBe(200);
    });
  });

  it('a dealer site still serves only its own redirects, without a site field', async () => {
    const dealer = await h.login('rossi', 'rossi.localhost');
    const res = await h.get(`${URL}?items=100`, { host: 'rossi.localhost', session: dealer });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().items as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.id)).not.toContain(spanish.id);
    for (const r of rows) expect(r).not.toHaveProperty('tenant');
    expectFieldErrors(await h.get(`${URL}?fltr=tenant%3D${rossi}`, { host: 'rossi.localhost', session: dealer }), ['fltr']);
  });
});
