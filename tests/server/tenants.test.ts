import { afterEach, expect, it } from 'vitest';
import { forgetTenants } from '../../server/services/tenants.js';
import { describeEachDialect, expectDetail, expectFieldErrors } from './harness.js';

describeEachDialect('tenants: exists and by_domain', (h) => {
  async function setActive(domain: string, active: boolean) {
    const { tenant_id } = await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', domain).executeTakeFirstOrThrow();
    await h.db
      .updateTable('tenants')
      .set({ is_active: active ? 1 : 0 })
      .where('id', '=', tenant_id)
      .execute();
    forgetTenants(h.db);
  }
  afterEach(async () => {
    await h.db.updateTable('tenants').set({ is_active: 1 }).execute();
    forgetTenants(h.db);
  });

  it('names the master site "default" as a plain JSON string', async () => {
    const res = await h.get('/api/tenants/exists?domain=localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('"default"');
    expect(res.json()).toBe('default');
  });

  it('knows the master site by its alias 127.0.0.1 too', async () => {
    const res = await h.get('/api/tenants/exists?domain=127.0.0.1');
    expect(res.body).toBe('"default"');
  });

  it('names a dealer site "dealer"', async () => {
    for (const domain of ['rossi.localhost', 'verdi.localhost']) {
      const res = await h.get(`/api/tenants/exists?domain=${domain}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe('"dealer"');
    }
  });

  it('ignores case, port and a trailing dot in the domain', async () => {
    for (const domain of ['ROSSI.Localhost', 'rossi.localhost:8080', 'rossi.localhost.']) {
      const res = await h.get(`/api/tenants/exists?domain=${encodeURIComponent(domain)}`);
      expect(res.body, domain).toBe('"dealer"');
    }
  });

  it('answers 404 with a detail for a domain that serves no site', async () => {
    expectDetail(await h.get('/api/tenants/exists?domain=nowhere.example'), 404);
    expectDetail(await h.get('/api/tenants/exists?domain=localhost.evil.example'), 404);
  });

  it("uses the request's Host header when no domain is given", async () => {
    expect((await h.get('/api/tenants/exists', { host: 'rossi.localhost' })).body).toBe('"dealer"');
    expect((await h.get('/api/tenants/exists', { host: 'localhost:3000' })).body).toBe('"default"');
    expect((await h.get('/api/tenants/exists?domain=', { host: 'verdi.localhost' })).body).toBe('"dealer"');
    expectDetail(await h.get('/api/tenants/exists', { host: 'nowhere.example' }), 404);
  });

  it('lets the domain parameter win over the Host header', async () => {
    const res = await h.get('/api/tenants/exists?domain=rossi.localhost', { host: 'localhost' });
    expect(res.body).toBe('"dealer"');
  });

  it('hides a deactivated site', async () => {
    await setActive('rossi.localhost', false);
    expectDetail(await h.get('/api/tenants/exists?domain=rossi.localhost'), 404);
    expectDetail(await h.get('/api/tenants/by_domain?domain=rossi.localhost'), 404);
    expect((await h.get('/api/tenants/exists?domain=verdi.localhost')).body).toBe('"dealer"');
  });

  it('rejects a domain longer than a host name can be', async () => {
    const res = await h.get(`/api/tenants/exists?domain=${'a'.repeat(300)}.example`);
    expectFieldErrors(res, ['domain']);
  });

  it('rejects a domain given twice', async () => {
    expectFieldErrors(await h.get('/api/tenants/exists?domain=localhost&domain=rossi.localhost'), ['domain']);
    expectFieldErrors(await h.get('/api/tenants/by_domain?domain=localhost&domain=rossi.localhost'), ['domain']);
  });

  it('describes a mono-brand dealer site with its brand_list and the brand its forms pre-fill', async () => {
    const df = await (h.db as any)
      .selectFrom('brands as b')
      .innerJoin('tenant_domains as d', 'd.tenant_id', 'b.tenant_id')
      .select('b.id')
      .where('d.domain', '=', 'rossi.localhost')
      .where('b.code', '=', 'DF')
      .executeTakeFirstOrThrow();
    const res = await h.get('/api/tenants/by_domain?domain=rossi.localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Rossi Trattori',
      kind: 'dealer',
      domain: 'rossi.localhost',
      aliases: ['www.rossi.localhost'],
      brand_list: ['DF'],
      languages: ['it', 'en'],
      default_language: 'it',
      mono_brand: { id: Number(df.id), name: 'Deutz-Fahr' },
    });
  });

  it('describes a multi-brand dealer site, where a brand is a choice', async () => {
    const body = (await h.get('/api/tenants/by_domain?domain=verdi.localhost')).json();
    expect(body).toMatchObject({ name: 'Verdi Macchine Agricole', kind: 'dealer', brand_list: ['DF', 'SA', 'LA'], mono_brand: null });
  });

  it('describes the master site with its primary domain and aliases, whichever of them is asked', async () => {
    const byPrimary = (await h.get('/api/tenants/by_domain?domain=localhost')).json();
    const byAlias = (await h.get('/api/tenants/by_domain?domain=127.0.0.1')).json();
    expect(byPrimary).toMatchObject({ kind: 'default', domain: 'localhost', aliases: ['127.0.0.1'], brand_list: [], mono_brand: null });
    expect(byAlias).toEqual(byPrimary);
  });

  it("describes the request's own site when no domain is given, and 404s on an unknown host", async () => {
    const res = await h.get('/api/tenants/by_domain', { host: 'verdi.localhost' });
    expect(res.json()).toMatchObject({ domain: 'verdi.localhost', kind: 'dealer' });
    expectDetail(await h.get('/api/tenants/by_domain', { host: 'nowhere.example' }), 404);
    expectDetail(await h.get('/api/tenants/by_domain?domain=nowhere.example'), 404);
  });

  it('needs no sign-in', async () => {
    const res = await h.get('/api/tenants/by_domain', { host: 'rossi.localhost', headers: { authorization: 'Token nonsense' } });
    expect(res.statusCode).toBe(200);
  });

  it('takes the site from X-Forwarded-Host only when told to trust the proxy', async () => {
    const trusting = await h.appWith({ TRUST_PROXY: '1' });
    const headers = { 'x-forwarded-host': 'rossi.localhost' };
    const viaProxy = await h.get('/api/tenants/exists', { app: trusting, host: 'backend.internal:3000', headers });
    expect(viaProxy.body).toBe('"dealer"');
    const direct = await h.get('/api/tenants/exists', { host: 'backend.internal:3000', headers });
    expectDetail(direct, 404);
    const spoofed = await h.get('/api/tenants/exists', { host: 'localhost', headers });
    expect(spoofed.body).toBe('"default"');
  });
});
