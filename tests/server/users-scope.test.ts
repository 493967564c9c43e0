/**
 * Who sees which accounts where: `/api/users/` is the accounts of the request's site,
 * `/api/tenantUsers/` the dealer users of every dealer site (master only), and a row
 * outside a request's roster does not exist for it.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, type Session } from './harness.js';
import { createVia, GOOD_PASSWORD, HOSTS, idOf, json, siteId, uniqueName, usersSnapshot } from './users-fixtures.js';

type Who = 'admin' | 'staff' | 'market' | 'rossi' | 'verdi' | 'viewer';
const USERNAME: Record<Who, string> = { admin: 'admin', staff: 'staff', market: 'market', rossi: 'rossi', verdi: 'verdi', viewer: 'rossi.viewer' };

describeEachDialect('accounts: who sees which users on which site', (h) => {
  const list = async (session: Session | undefined, host: string, path: string, query = '?items=100') => {
    const res = await h.get(`${path}${query}`, { host, session });
    return {
      status: res.statusCode,
      names: res.statusCode === 200 ? (json(res).items as Array<{ username: string }>).map((i) => i.username) : [],
      body: json(res),
    };
  };
  const login = (who: Who, host: string) => h.login(USERNAME[who], host);

  it('a dealer site lists only its own dealer users', async () => {
    const r = await list(await login('rossi', HOSTS.rossi), HOSTS.rossi, '/api/users/');
    expect(r.status).toBe(200);
    expect(r.names.sort()).toEqual(['rossi', 'rossi.viewer']);
    const v = await list(await login('verdi', HOSTS.verdi), HOSTS.verdi, '/api/users/');
    expect(v.names.sort()).toEqual(['verdi', 'verdi.sales']);
  });

  it('the master site lists staff, market administrators and superusers, never dealer users', async () => {
    const r = await list(await login('admin', HOSTS.master), HOSTS.master, '/api/users/');
    expect(r.names.sort()).toEqual(['admin', 'former.staff', 'market', 'spain', 'staff']);
  });

  it('a market administrator sees only the market administrators of its market on the master users list', async () => {
    const r = await list(await login('market', HOSTS.master), HOSTS.master, '/api/users/');
    expect(r.names).toEqual(['market']);
  });

  it('tenantUsers lists the dealer users of every site with their site, and filters by site', async () => {
    const admin = await login('admin', HOSTS.master);
    const all = await list(admin, HOSTS.master, '/api/tenantUsers/');
    expect(all.names.sort()).toEqual(['rossi', 'rossi.viewer', 'verdi', 'verdi.sales']);
    const rossi = await siteId(h, HOSTS.rossi);
    const item = (all.body.items as Array<Record<string, any>>).find((i) => i.username === 'rossi')!;
    expect(item.tenant).toBe(rossi);
    expect(item._refs.tenant).toEqual({ id: rossi, title: 'Rossi Trattori' });
    const only = await list(admin, HOSTS.master, '/api/tenantUsers/', `?fltr=tenant=${rossi}`);
    expect(only.names.sort()).toEqual(['rossi', 'rossi.viewer']);
  });

  it("a market administrator's tenantUsers are those of its market's dealer sites only", async () => {
    const spain = await h.login('spain', HOSTS.master);
    expect((await list(spain, HOSTS.master, '/api/tenantUsers/')).names).toEqual([]);
    const market = await login('market', HOSTS.master);
    expect((await list(market, HOSTS.master, '/api/tenantUsers/')).names.sort()).toEqual(['rossi', 'rossi.viewer', 'verdi', 'verdi.sales']);
    const rossi = await idOf(h, 'rossi');
    expect((await h.get(`/api/tenantUsers/${rossi}/`, { session: spain })).statusCode).toBe(404);
  });

  it('tenantUsers does not exist on a dealer site, even for the superuser (404)', async () => {
    const admin = await login('admin', HOSTS.rossi);
    const rossi = await idOf(h, 'rossi');
    const before = await usersSnapshot(h);
    for (const res of [
      await h.get('/api/tenantUsers/', { host: HOSTS.rossi, session: admin }),
      await h.get(`/api/tenantUsers/${rossi}/`, { host: HOSTS.rossi, session: admin }),
      await h.post('/api/tenantUsers/', { host: HOSTS.rossi, session: admin, body: { username: 'x1', password: GOOD_PASSWORD } }),
      await h.call('PATCH', `/api/tenantUsers/${rossi}/`, { host: HOSTS.rossi, session: admin, body: { version: 1, first_name: 'X' } }),
      await h.call('DELETE', `/api/tenantUsers/${rossi}/`, { host: HOSTS.rossi, session: admin }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await usersSnapshot(h)).toEqual(before);
  });

  it("another site's user is 404 on every verb, and nothing is written", async () => {
    const rossi = await login('rossi', HOSTS.rossi);
    const verdiId = await idOf(h, 'verdi.sales');
    const before = await usersSnapshot(h);
    for (const res of [
      await h.get(`/api/users/${verdiId}/`, { host: HOSTS.rossi, session: rossi }),
      await h.call('PUT', `/api/users/${verdiId}/`, { host: HOSTS.rossi, session: rossi, body: { version: 1, username: 'stolen' } }),
      await h.call('PATCH', `/api/users/${verdiId}/`, { host: HOSTS.rossi, session: rossi, body: { version: 1, password: GOOD_PASSWORD } }),
      await h.call('DELETE', `/api/users/${verdiId}/`, { host: HOSTS.rossi, session: rossi }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const bulk = await h.post('/api/users/bulk_delete/', { host: HOSTS.rossi, session: rossi, body: { ids: [verdiId] } });
    expect(json(bulk)).toEqual({ deleted: [], not_found: [verdiId] });
    // A master account is not a user of a dealer site either.
    const staffId = await idOf(h, 'staff');
    expect((await h.get(`/api/users/${staffId}/`, { host: HOSTS.rossi, session: rossi })).statusCode).toBe(404);
    expect(await usersSnapshot(h)).toEqual(before);
  });

  it("another site's user is 404 before its body or version is looked at (no hint that the row exists)", async () => {
    const rossi = await login('rossi', HOSTS.rossi);
    const admin = await login('admin', HOSTS.rossi);
    const before = await usersSnapshot(h);
    const bodies = [{}, { username: '' }, { version: 'x', email: 'nope' }, { version: 999, username: 'stolen' }];
    for (const [session, target] of [
      [rossi, await idOf(h, 'verdi.sales')],
      [admin, await idOf(h, 'staff')],
    ] as const) {
      for (const method of ['PUT', 'PATCH'] as const) {
        for (const body of bodies) {
          const res = await h.call(method, `/api/users/${target}/`, { host: HOSTS.rossi, session, body });
          expect(res.statusCode, `${method} ${JSON.stringify(body)}: ${res.body}`).toBe(404);
        }
        const stale = await h.call(method, `/api/users/${target}/`, { host: HOSTS.rossi, session, body: {}, headers: { 'if-match': 'garbage' } });
        expect(stale.statusCode, stale.body).toBe(404);
      }
    }
    expect(await usersSnapshot(h)).toEqual(before);
  });

  it('a dealer user cannot use its session on another dealer site (401)', async () => {
    const rossi = await login('rossi', HOSTS.rossi);
    expect((await h.get('/api/users/', { host: HOSTS.verdi, session: rossi })).statusCode).toBe(401);
  });

  it('a user created on a dealer site is a dealer user of that site, whatever the body says', async () => {
    const rossi = await login('rossi', HOSTS.rossi);
    const verdiSite = await siteId(h, HOSTS.verdi);
    const username = uniqueName('meccanico');
    const row = await createVia(h, rossi, '/api/users/', { username, role: 'MA', is_superuser: true, tenant: verdiSite, permissions: ['view_product'] });
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('role');
    const stored = await h.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ role: 'DE', is_superuser: 0, tenant_id: await siteId(h, HOSTS.rossi), market_id: null });
    expect((await h.login(username, HOSTS.rossi, { password: GOOD_PASSWORD })).token).toBeTruthy();
  });

  it('permission matrix: view, add, change and delete need their user permission', async () => {
    const viewer = await login('viewer', HOSTS.rossi);
    const ok = await h.get('/api/users/', { host: HOSTS.rossi, session: viewer });
    expect(ok.statusCode).toBe(200);
    const rossiId = await idOf(h, 'rossi');
    const before = await usersSnapshot(h);
    expect((await h.post('/api/users/', { host: HOSTS.rossi, session: viewer, body: { username: 'nope1', password: GOOD_PASSWORD } })).statusCode).toBe(403);
    expect((await h.call('PATCH', `/api/users/${rossiId}/`, { host: HOSTS.rossi, session: viewer, body: { version: 1, first_name: 'X' } })).statusCode).toBe(
      403,
    );
    expect((await h.call('DELETE', `/api/users/${rossiId}/`, { host: HOSTS.rossi, session: viewer })).statusCode).toBe(403);
    expect((await h.post('/api/users/bulk_delete/', { host: HOSTS.rossi, session: viewer, body: { ids: [rossiId] } })).statusCode).toBe(403);
    // staff holds view only.
    const staff = await login('staff', HOSTS.master);
    expect((await h.get('/api/tenantUsers/', { session: staff })).statusCode).toBe(200);
    expect((await h.post('/api/tenantUsers/', { session: staff, body: { username: 'nope2', password: GOOD_PASSWORD } })).statusCode).toBe(403);
    expect((await h.get('/api/users/')).statusCode).toBe(401);
    expect(await usersSnapshot(h)).toEqual(before);
  });

  it('never answers a password or its hash', async () => {
    const admin = await login('admin', HOSTS.master);
    for (const path of ['/api/users/', '/api/tenantUsers/']) {
      const listed = await h.get(path, { session: admin });
      expect(listed.body).not.toMatch(/password|argon2/);
      const [first] = json(listed).items as [{ id: number }];
      const one = await h.get(`${path}${first.id}/`, { session: admin });
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toMatch(/password|argon2/);
      expect(Array.isArray(json(one).permissions)).toBe(true);
    }
  });

  it('lists page, sort, search and filter like every list', async () => {
    const admin = await login('admin', HOSTS.master);
    const verdi = await login('verdi', HOSTS.verdi);
    const page = await h.get('/api/users/?items=1&page=9&sort=-username', { host: HOSTS.verdi, session: verdi });
    expect(json(page).paginator).toEqual({ count: 2, page: 2, pages: 2, page_size: 1, has_next: false, has_previous: true });
    expect((json(page).items as Array<{ username: string }>).map((i) => i.username)).toEqual(['verdi']);
    const found = await h.get('/api/tenantUsers/?search=neri', { session: admin });
    expect((json(found).items as Array<{ username: string }>).map((i) => i.username)).toEqual(['verdi.sales']);
    const inactive = await h.get('/api/users/?fltr=is_active=false', { session: admin });
    expect((json(inactive).items as Array<{ username: string }>).map((i) => i.username)).toEqual(['former.staff']);
    const bad = await h.get('/api/users/?sort=password_hash&fltr=secret=1', { session: admin });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad)).sort()).toEqual(['fltr', 'sort']);
  });
});
