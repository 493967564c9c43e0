/**
 * Nobody gains what they were not given: each escalation attempt is refused with 403 or
 * 400 and writes nothing; self-edits are limited to name, e-mail and password; passwords
 * follow the strength rules and setting one, changing access or deactivating ends the
 * account's sessions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect, expectDetail, expectFieldErrors, type Session } from './harness.js';
import { codenamesOf, createVia, GOOD_PASSWORD, HOSTS, idOf, json, sessionCount, uniqueName, usersSnapshot } from './users-fixtures.js';

describeEachDialect('accounts: escalation, self-edits, passwords and sessions', (h) => {
  /** A rossi dealer user who may manage users but holds only view_product of the catalogue. */
  let manager: { id: number; username: string };
  /** A master staff member who may manage users but is no superuser. */
  let staffAdmin: { id: number; username: string };

  const version = async (id: number) => (await h.db.selectFrom('users').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
  const patch = async (session: Session, path: string, id: number, body: Record<string, unknown>) =>
    h.call('PATCH', `${path}${id}/`, { host: session.host, session, body: { version: await version(id), ...body } });

  beforeAll(async () => {
    const admin = await h.login('admin', HOSTS.master);
    const m = await createVia(h, admin, '/api/tenantUsers/', {
      username: uniqueName('manager'),
      tenant: (await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', HOSTS.rossi).executeTakeFirstOrThrow()).tenant_id,
      permissions: ['add_user', 'change_user', 'delete_user', 'view_user', 'view_product'],
    });
    manager = { id: m.id, username: m.username };
    const s = await createVia(h, admin, '/api/users/', {
      username: uniqueName('staffadmin'),
      permissions: ['add_user', 'change_user', 'delete_user', 'view_user', 'view_tenantuser', 'change_tenantuser'],
    });
    staffAdmin = { id: s.id, username: s.username };
  });

  const asManager = () => h.login(manager.username, HOSTS.rossi, { password: GOOD_PASSWORD });
  const asStaffAdmin = () => h.login(staffAdmin.username, HOSTS.master, { password: GOOD_PASSWORD });

  describe('escalation', () => {
    it('a dealer cannot grant a permission it does not hold (403, nothing written)', async () => {
      const session = await asManager();
      const before = await usersSnapshot(h);
      const res = await h.post('/api/users/', {
        host: HOSTS.rossi,
        session,
        body: { username: uniqueName('x'), password: GOOD_PASSWORD, permissions: ['change_product'] },
      });
      expectDetail(res, 403);
      const viewer = await idOf(h, 'rossi.viewer');
      expectDetail(await patch(session, '/api/users/', viewer, { permissions: [...(await codenamesOf(h, viewer)), 'delete_news'] }), 403);
      // Nor revoke one it does not hold.
      expectDetail(await patch(session, '/api/users/', viewer, { permissions: (await codenamesOf(h, viewer)).filter((c) => c !== 'view_news') }), 403);
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it('a dealer may grant what it holds', async () => {
      const session = await asManager();
      const row = await createVia(h, session, '/api/users/', { username: uniqueName('helper'), permissions: ['view_product'] });
      expect(await codenamesOf(h, row.id)).toEqual(['view_product']);
    });

    it('permissions of the other back-office are refused (400 on the path)', async () => {
      const admin = await h.login('admin', HOSTS.rossi);
      const before = await usersSnapshot(h);
      const res = await h.post('/api/users/', {
        host: HOSTS.rossi,
        session: admin,
        body: { username: uniqueName('x'), password: GOOD_PASSWORD, permissions: ['view_product', 'view_tenant'] },
      });
      expectFieldErrors(res, ['permissions.1']);
      const bogus = await h.post('/api/users/', {
        host: HOSTS.rossi,
        session: admin,
        body: { username: uniqueName('x'), password: GOOD_PASSWORD, permissions: ['fly_product'] },
      });
      expectFieldErrors(bogus, ['permissions.0']);
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it('a non-superuser never makes or edits a superuser', async () => {
      const session = await asStaffAdmin();
      const admin = await idOf(h, 'admin');
      const staff = await idOf(h, 'staff');
      const before = await usersSnapshot(h);
      expectDetail(await h.post('/api/users/', { session, body: { username: uniqueName('x'), password: GOOD_PASSWORD, is_superuser: true } }), 403);
      expectDetail(await patch(session, '/api/users/', staff, { is_superuser: true }), 403);
      expectDetail(await patch(session, '/api/users/', admin, { first_name: 'Changed' }), 403);
      expectDetail(await patch(session, '/api/users/', admin, { password: GOOD_PASSWORD }), 403);
      expectDetail(await h.call('DELETE', `/api/users/${admin}/`, { session }), 403);
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it('a market administrator creates no staff, market administrator or superuser', async () => {
      const session = await h.login('market', HOSTS.master);
      const before = await usersSnapshot(h);
      for (const extra of [{}, { role: 'MA' }, { is_superuser: true }]) {
        const res = await h.post('/api/users/', { session, body: { username: uniqueName('x'), password: GOOD_PASSWORD, ...extra } });
        expectDetail(res, 403);
      }
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it('staff may make staff and market administrators, not more than it holds', async () => {
      const session = await asStaffAdmin();
      const italy = (await h.db.selectFrom('markets').select('id').where('code', '=', 'IT').executeTakeFirstOrThrow()).id;
      expectFieldErrors(await h.post('/api/users/', { session, body: { username: uniqueName('x'), password: GOOD_PASSWORD, role: 'MA' } }), ['market']);
      const ok = await createVia(h, session, '/api/users/', { username: uniqueName('newma'), role: 'MA', market: italy, permissions: ['view_user'] });
      expect(ok).toMatchObject({ role: 'MA', market: italy, _refs: { market: { id: italy } } });
      const plain = await createVia(h, session, '/api/users/', { username: uniqueName('newstaff'), market: italy });
      expect(plain).toMatchObject({ role: null, market: null });
      const before = await usersSnapshot(h);
      expectDetail(await h.post('/api/users/', { session, body: { username: uniqueName('x'), password: GOOD_PASSWORD, permissions: ['view_tenant'] } }), 403);
      expect(await usersSnapshot(h)).toEqual(before);
    });
  });

  describe('dealer users from the master site', () => {
    const siteOf = async (host: string) =>
      (await h.db.selectFrom('tenant_domains').select('tenant_id').where('domain', '=', host).executeTakeFirstOrThrow()).tenant_id;

    it('need a dealer site, and a market administrator may only pick one of its market', async () => {
      const market = await h.login('market', HOSTS.master);
      const master = await siteOf(HOSTS.master);
      const before = await usersSnapshot(h);
      expectFieldErrors(await h.post('/api/tenantUsers/', { session: market, body: { username: uniqueName('x'), password: GOOD_PASSWORD } }), ['tenant']);
      expectFieldErrors(await h.post('/api/tenantUsers/', { session: market, body: { username: uniqueName('x'), password: GOOD_PASSWORD, tenant: master } }), [
        'tenant',
      ]);
      const spain = await h.login('spain', HOSTS.master);
      // spain holds view only: even a site of its own market would be refused, before anything else.
      expectDetail(
        await h.post('/api/tenantUsers/', { session: spain, body: { username: uniqueName('x'), password: GOOD_PASSWORD, tenant: await siteOf(HOSTS.rossi) } }),
        403,
      );
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it('a market administrator onboards a dealer user of its market, who signs in on that site only', async () => {
      const market = await h.login('market', HOSTS.master);
      const rossi = await siteOf(HOSTS.rossi);
      const row = await createVia(h, market, '/api/tenantUsers/', { username: uniqueName('dealer'), tenant: rossi, permissions: ['view_user'] });
      expect(row).toMatchObject({ tenant: rossi, _refs: { tenant: { id: rossi, title: 'Rossi Trattori' } } });
      await h.login(row.username, HOSTS.rossi, { password: GOOD_PASSWORD });
      const elsewhere = await h.post('/api/auth/login', { host: HOSTS.verdi, body: { username: row.username, password: GOOD_PASSWORD } });
      expect(elsewhere.statusCode).toBe(400);
      // Moving it to another site is a change of access: its sessions end.
      const moved = await patch(market, '/api/tenantUsers/', row.id, { tenant: await siteOf(HOSTS.verdi) });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await sessionCount(h, row.id)).toBe(0);
    });
  });

  describe('self-edits', () => {
    it('nobody changes their own permissions, role, superuser flag or active flag', async () => {
      const rossi = await h.login('rossi', HOSTS.rossi);
      const rossiId = await idOf(h, 'rossi');
      const admin = await h.login('admin', HOSTS.master);
      const adminId = await idOf(h, 'admin');
      const before = await usersSnapshot(h);
      expectDetail(await patch(rossi, '/api/users/', rossiId, { permissions: ['view_user'] }), 403);
      expectDetail(await patch(rossi, '/api/users/', rossiId, { is_active: false }), 403);
      expectDetail(await patch(admin, '/api/users/', adminId, { is_superuser: false }), 403);
      expectDetail(await patch(admin, '/api/users/', adminId, { role: 'MA' }), 403);
      expectDetail(await h.call('DELETE', `/api/users/${adminId}/`, { session: admin }), 403);
      expectDetail(await h.post('/api/users/bulk_delete/', { session: admin, body: { ids: [adminId] } }), 403);
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it('anyone may change their own name and e-mail', async () => {
      const rossi = await h.login('rossi', HOSTS.rossi);
      const rossiId = await idOf(h, 'rossi');
      const res = await patch(rossi, '/api/users/', rossiId, { first_name: 'Marione', email: 'mario@rossi.example' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ first_name: 'Marione', email: 'mario@rossi.example' });
    });

    it("changing one's own password needs the current one, and keeps only the session that did it", async () => {
      const session = await asStaffAdmin();
      const other = await asStaffAdmin();
      const before = await usersSnapshot(h);
      expectFieldErrors(await patch(session, '/api/users/', staffAdmin.id, { password: 'Nuova-Parola-Lunga-1' }), ['current_password']);
      expectFieldErrors(await patch(session, '/api/users/', staffAdmin.id, { password: 'Nuova-Parola-Lunga-1', current_password: 'wrong one' }), [
        'current_password',
      ]);
      expect(await usersSnapshot(h)).toEqual(before);
      const res = await patch(session, '/api/users/', staffAdmin.id, { password: 'Nuova-Parola-Lunga-1', current_password: GOOD_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect((await h.get('/api/profiles/me/', { session })).statusCode).toBe(200);
      expect((await h.get('/api/profiles/me/', { session: other })).statusCode).toBe(401);
      // Back to the shared password for the other tests.
      const back = await patch(session, '/api/users/', staffAdmin.id, { password: GOOD_PASSWORD, current_password: 'Nuova-Parola-Lunga-1' });
      expect(back.statusCode, back.body).toBe(200);
    });
  });

  describe('passwords', () => {
    it('refuses weak passwords with the reason, and a create without one', async () => {
      const admin = await h.login('admin', HOSTS.rossi);
      const before = await usersSnapshot(h);
      const username = uniqueName('giovanni');
      for (const [password, reason] of [
        ['short1', /too short/],
        ['12345678901234', /entirely numeric/],
        ['password1234', /too common/],
        [`${username}!!`, /too similar/],
      ] as const) {
        const res = await h.post('/api/users/', { host: HOSTS.rossi, session: admin, body: { username, password } });
        const body = expectFieldErrors(res, ['password']);
        expect((body.password as string[]).join(' ')).toMatch(reason);
      }
      expectFieldErrors(await h.post('/api/users/', { host: HOSTS.rossi, session: admin, body: { username } }), ['password']);
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it("an admin's reset ends the user's sessions; the new password works, the old does not", async () => {
      const viewerId = await idOf(h, 'rossi.viewer');
      const viewer = await h.login('rossi.viewer', HOSTS.rossi);
      const admin = await h.login('admin', HOSTS.rossi);
      const res = await patch(admin, '/api/users/', viewerId, { password: 'Campagna-Verde-77' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await sessionCount(h, viewerId)).toBe(0);
      expect((await h.get('/api/profiles/me/', { host: HOSTS.rossi, session: viewer })).statusCode).toBe(401);
      const old = await h.post('/api/auth/login', { host: HOSTS.rossi, body: { username: 'rossi.viewer', password: 'demo1234' } });
      expect(old.statusCode).toBe(400);
      await h.login('rossi.viewer', HOSTS.rossi, { password: 'Campagna-Verde-77' });
      const hash = (await h.db.selectFrom('users').select('password_hash').where('id', '=', viewerId).executeTakeFirstOrThrow()).password_hash;
      expect(hash).toMatch(/^\$argon2id\$/);
    });

    it('changing permissions ends the sessions; a change of name does not', async () => {
      const viewerId = await idOf(h, 'rossi.viewer');
      const admin = await h.login('admin', HOSTS.rossi);
      await h.login('rossi.viewer', HOSTS.rossi, { password: 'Campagna-Verde-77' }).catch(() => h.login('rossi.viewer', HOSTS.rossi));
      expect(await sessionCount(h, viewerId)).toBe(1);
      expect((await patch(admin, '/api/users/', viewerId, { last_name: 'Rossi-Bianchi' })).statusCode).toBe(200);
      expect(await sessionCount(h, viewerId)).toBe(1);
      const perms = await codenamesOf(h, viewerId);
      expect((await patch(admin, '/api/users/', viewerId, { permissions: [...perms, 'view_news'].filter((c, i, a) => a.indexOf(c) === i) })).statusCode).toBe(
        200,
      );
      const changed = await patch(admin, '/api/users/', viewerId, { permissions: perms.filter((c) => c !== 'view_news') });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await sessionCount(h, viewerId)).toBe(0);
    });

    it('a deactivated user is signed out and cannot sign in', async () => {
      const admin = await h.login('admin', HOSTS.rossi);
      const row = await createVia(h, admin, '/api/users/', { username: uniqueName('stagista'), permissions: ['view_user'] });
      const session = await h.login(row.username, HOSTS.rossi, { password: GOOD_PASSWORD });
      const res = await patch(admin, '/api/users/', row.id, { is_active: false });
      expect(res.statusCode, res.body).toBe(200);
      expect((await h.get('/api/users/', { host: HOSTS.rossi, session })).statusCode).toBe(401);
      const again = await h.post('/api/auth/login', { host: HOSTS.rossi, body: { username: row.username, password: GOOD_PASSWORD } });
      expect(again.statusCode).toBe(400);
    });
  });

  describe('versions, uniqueness and deletion', () => {
    it('a stale version answers 409 with the current row and writes nothing', async () => {
      const admin = await h.login('admin', HOSTS.rossi);
      const row = await createVia(h, admin, '/api/users/', { username: uniqueName('trattorista') });
      const first = await h.call('PATCH', `/api/users/${row.id}/`, { host: HOSTS.rossi, session: admin, body: { version: row.version, first_name: 'Uno' } });
      expect(first.statusCode).toBe(200);
      const before = await usersSnapshot(h);
      const stale = await h.call('PUT', `/api/users/${row.id}/`, {
        host: HOSTS.rossi,
        session: admin,
        body: { ...row, version: row.version, first_name: 'Due' },
      });
      expect(stale.statusCode).toBe(409);
      expect(json(stale).current).toMatchObject({ id: row.id, first_name: 'Uno', version: row.version + 1 });
      expect(json(stale).current).not.toHaveProperty('password');
      expectFieldErrors(await h.call('PATCH', `/api/users/${row.id}/`, { host: HOSTS.rossi, session: admin, body: { first_name: 'Tre' } }), ['version']);
      expect(await usersSnapshot(h)).toEqual(before);
    });

    it('a taken username is a 400 on username', async () => {
      const admin = await h.login('admin', HOSTS.rossi);
      expectFieldErrors(await h.post('/api/users/', { host: HOSTS.rossi, session: admin, body: { username: 'verdi', password: GOOD_PASSWORD } }), ['username']);
      expectFieldErrors(await h.post('/api/users/', { host: HOSTS.rossi, session: admin, body: { username: 'bad name!', password: GOOD_PASSWORD } }), [
        'username',
      ]);
      expectFieldErrors(await h.post('/api/users/', { host: HOSTS.rossi, session: admin, body: [] }), ['non_field_errors']);
    });

    it('deleting a user removes it and its sessions', async () => {
      const admin = await h.login('admin', HOSTS.rossi);
      const row = await createVia(h, admin, '/api/users/', { username: uniqueName('temporaneo'), permissions: ['view_user'] });
      await h.login(row.username, HOSTS.rossi, { password: GOOD_PASSWORD });
      const res = await h.call('DELETE', `/api/users/${row.id}/`, { host: HOSTS.rossi, session: admin });
      expect(res.statusCode).toBe(204);
      expect(await sessionCount(h, row.id)).toBe(0);
      expect(await h.db.selectFrom('users').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
      expect((await h.get(`/api/users/${row.id}/`, { host: HOSTS.rossi, session: admin })).statusCode).toBe(404);
    });
  });
});
