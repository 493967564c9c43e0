import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIONS, MODELS } from '../../entities/permissions.js';
import { cookieAttributes, describeEachDialect, expectDetail, SESSION_COOKIE, setCookieFor, type Session } from './harness.js';
import { exactly } from '../tuples.js';

interface Profile {
  username: string;
  role: 'MA' | 'DE' | null;
  user_role: string;
  is_superuser: boolean;
  all_permissions: Array<{ codename: string; name: string }>;
}

const ALL_CODENAMES = Object.keys(MODELS).flatMap((m) => ACTIONS.map((a) => `${a}_${m}`));
// redirect: the master's list of every site's redirects (issue 15 §4), which staff may view.
const MASTER_VIEW = ['tenant', 'tenantuser', 'user', 'media', 'page', 'indexingactionlog', 'marketSettings', 'redirect'];
const sorted = (xs: string[]) => [...xs].sort();

describeEachDialect('sessions, profile and logout', (h) => {
  const me = (session?: Session, opts: { host?: string; via?: 'cookie' | 'token' } = {}) =>
    h.get('/api/profiles/me/', { host: opts.host ?? session?.host ?? 'localhost', session, via: opts.via });
  const sessionRows = () => h.db.selectFrom('sessions').selectAll().execute();

  afterEach(async () => {
    await h.db.updateTable('users').set({ is_active: 1 }).execute();
  });

  describe('GET /api/profiles/me/', () => {
    it('answers 401 {detail} to an anonymous request', async () => {
      const body = expectDetail(await me(), 401);
      expect(body).toEqual({ detail: expect.any(String) });
    });

    it('answers 404 on a host that serves no site', async () => {
      const admin = await h.login('admin');
      expectDetail(await me(admin, { host: 'nowhere.example' }), 404);
    });

    it('knows the user by the session cookie', async () => {
      const staff = await h.login('staff');
      const res = await me(staff);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'staff' });
    });

    it('knows the user by an Authorization: Token header', async () => {
      const staff = await h.login('staff');
      const res = await me(staff, { via: 'token' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'staff' });
    });

    it('accepts the Token scheme in any case', async () => {
      const staff = await h.login('staff');
      const res = await h.get('/api/profiles/me', { headers: { authorization: `token ${staff.token}` } });
      expect(res.statusCode).toBe(200);
    });

    it('describes a superuser, who holds every permission', async () => {
      const res = await me(await h.login('admin'));
      const p = res.json() as Profile;
      expect(p).toMatchObject({ username: 'admin', role: null, user_role: 'superuser', is_superuser: true });
      expect(sorted(p.all_permissions.map((x) => x.codename))).toEqual(sorted(ALL_CODENAMES));
      for (const perm of p.all_permissions) {
        expect(Object.keys(perm).sort()).toEqual(['codename', 'name']);
        expect(perm.name).toMatch(/^Can (add|change|delete|view) /);
      }
      expect(p.all_permissions).toContainEqual({ codename: 'view_tenant', name: 'Can view dealer site' });
    });

    it('describes master staff, who may only view the master models', async () => {
      const p = (await me(await h.login('staff'))).json() as Profile;
      expect(p).toMatchObject({ username: 'staff', role: null, user_role: 'staff', is_superuser: false });
      expect(sorted(p.all_permissions.map((x) => x.codename))).toEqual(sorted(MASTER_VIEW.map((m) => `view_${m}`)));
    });

    it('describes a market administrator', async () => {
      const p = (await me(await h.login('market'))).json() as Profile;
      expect(p).toMatchObject({ username: 'market', role: 'MA', user_role: 'market_admin', is_superuser: false });
      const codenames = p.all_permissions.map((x) => x.codename);
      expect(codenames).toContain('change_tenant');
      expect(codenames).not.toContain('view_indexingactionlog');
      expect(codenames).not.toContain('view_product');
    });

    it('describes a dealer', async () => {
      const p = (await me(await h.login('rossi', 'rossi.localhost'))).json() as Profile;
      expect(p).toMatchObject({ username: 'rossi', role: 'DE', user_role: 'dealer', is_superuser: false });
      const codenames = p.all_permissions.map((x) => x.codename);
      expect(codenames).toContain('add_product');
      expect(codenames).toContain('view_featuredProducts');
      expect(codenames).not.toContain('view_tenant');
      expect(codenames).not.toContain('view_marketSettings');
    });

    it("refuses a dealer's session on another dealer's site", async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      expectDetail(await me(rossi, { host: 'verdi.localhost' }), 401);
      expectDetail(await me(rossi, { host: 'verdi.localhost', via: 'token' }), 401);
      expect((await me(rossi)).statusCode).toBe(200);
    });

    it("refuses a dealer's session on the master site", async () => {
      const rossi = await h.login('rossi', 'rossi.localhost');
      expectDetail(await me(rossi, { host: 'localhost', via: 'token' }), 401);
      expectDetail(await me(rossi, { host: '127.0.0.1', via: 'token' }), 401);
    });

    it("accepts a market administrator's session on the dealer sites of its market", async () => {
      const market = await h.login('market');
      expect((await me(market, { host: 'rossi.localhost', via: 'token' })).statusCode).toBe(200);
      expect((await me(market, { host: 'verdi.localhost', via: 'token' })).statusCode).toBe(200);
    });

    it("accepts a superuser's session on every site", async () => {
      const admin = await h.login('admin', 'rossi.localhost');
      for (const host of ['localhost', 'rossi.localhost', 'verdi.localhost']) {
        expect((await me(admin, { host, via: 'token' })).statusCode, host).toBe(200);
      }
    });

    it('refuses an unknown, malformed or over-long token', async () => {
      for (const authorization of ['Token not-a-real-token', 'Token ', 'Token', 'Token a b', `Token ${'x'.repeat(5000)}`, 'Basic YWRtaW46ZGVtbzEyMzQ=']) {
        expectDetail(await h.get('/api/profiles/me', { headers: { authorization } }), 401);
      }
      expectDetail(await h.get('/api/profiles/me', { headers: { cookie: `${SESSION_COOKIE}=forged` } }), 401);
    });

    it('refuses an expired session and forgets it', async () => {
      const staff = await h.login('staff');
      await h.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      await h.settled();
      expectDetail(await me(staff), 401);
      expect(await sessionRows()).toEqual([]);
    });

    it('refuses a session once it has expired under a short SESSION_TTL_HOURS', async () => {
      const shortLived = await h.appWith({ SESSION_TTL_HOURS: '0.5' });
      const staff = await h.login('staff', 'localhost', { app: shortLived });
      const [row] = exactly(await sessionRows(), 1);
      expect(Date.parse(row.expires_at) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      expect((await h.get('/api/profiles/me', { app: shortLived, session: staff })).statusCode).toBe(200);
      // Thirty-one minutes later, as far as the session is concerned:
      await h.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .execute();
      await h.settled();
      expectDetail(await h.get('/api/profiles/me', { app: shortLived, session: staff }), 401);
    });

    it('pushes the expiry of a session in use forward', async () => {
      const staff = await h.login('staff');
      const soon = new Date(Date.now() + 3600_000).toISOString();
      await h.db.updateTable('sessions').set({ expires_at: soon }).execute();
      const before = Date.now();
      expect((await me(staff)).statusCode).toBe(200);
      const [row] = exactly(await sessionRows(), 1);
      expect(Date.parse(row.expires_at)).toBeGreaterThanOrEqual(before + h.config.sessionTtlMs - 1000);
    });

    it('refuses the session of a user who has been deactivated', async () => {
      const staff = await h.login('staff');
      expect((await me(staff)).statusCode).toBe(200);
      await h.db.updateTable('users').set({ is_active: 0 }).where('username', '=', 'staff').execute();
      await h.settled();
      expectDetail(await me(staff), 401);
      expectDetail(await me(staff, { via: 'token' }), 401);
    });

    it('stores only a hash of the session token', async () => {
      const staff = await h.login('staff');
      const rows = await sessionRows();
      const [row] = exactly(rows, 1);
      expect(JSON.stringify(rows)).not.toContain(staff.token);
      expect(row.token_hash).toBe(createHash('sha256').update(staff.token).digest('hex'));
      const user = await h.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
      expect(row.user_id).toBe(user.id);
    });

    it('cannot be used with the stored hash in place of the token', async () => {
      await h.login('staff');
      const [row] = exactly(await sessionRows(), 1);
      expectDetail(await h.get('/api/profiles/me', { headers: { authorization: `Token ${row.token_hash}` } }), 401);
    });
  });

  /** The Set-Cookie of an answer that tells the browser to drop the session cookie. */
  const expectSessionCookieCleared = (res: Awaited<ReturnType<typeof me>>) => {
    const cleared = setCookieFor(res, SESSION_COOKIE);
    expect(cleared, 'a Set-Cookie expiring the session cookie').toBeDefined();
    expect(cleared!.startsWith(`${SESSION_COOKIE}=;`)).toBe(true);
    const attrs = cookieAttributes(cleared!);
    expect(attrs.path).toBe('/');
    expect(attrs['max-age'] === '0' || Date.parse(String(attrs.expires)) <= Date.now()).toBe(true);
  };

  describe('a session cookie the server refuses', () => {
    it('is cleared by the 401 answer, so the browser stops sending it', async () => {
      expectSessionCookieCleared(await h.get('/api/profiles/me/', { headers: { cookie: `${SESSION_COOKIE}=forged` } }));
      const staff = await h.login('staff');
      await h.get('/api/auth/logout', { session: staff, via: 'token' });
      expectSessionCookieCleared(await me(staff));
    });

    it('is not touched when the refused credential came in the Authorization header', async () => {
      const res = await h.get('/api/profiles/me/', { headers: { authorization: 'Token no-such-session' } });
      expect(res.statusCode).toBe(401);
      expect(setCookieFor(res, SESSION_COOKIE)).toBeUndefined();
    });
  });

  describe('GET /api/auth/logout', () => {
    it('clears the cookie even when revoking the session fails', async () => {
      const staff = await h.login('staff');
      // Deleting a session fails while this trigger stands.
      if (h.dialect === 'sqlite') {
        await sql`CREATE TRIGGER no_logout BEFORE DELETE ON sessions BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(h.db);
      } else {
        await sql`CREATE FUNCTION no_logout() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(h.db);
        await sql`CREATE TRIGGER no_logout BEFORE DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION no_logout()`.execute(h.db);
      }
      try {
        const res = await h.get('/api/auth/logout', { session: staff });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        expectSessionCookieCleared(res);
      } finally {
        await sql`DROP TRIGGER no_logout${h.dialect === 'postgres' ? sql` ON sessions` : sql``}`.execute(h.db);
        if (h.dialect === 'postgres') await sql`DROP FUNCTION no_logout()`.execute(h.db);
      }
    });

    it('revokes the session and clears the cookie', async () => {
      const staff = await h.login('staff');
      const res = await h.get('/api/auth/logout', { session: staff });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const cleared = setCookieFor(res, SESSION_COOKIE);
      expect(cleared).toBeDefined();
      expect(cleared!.startsWith(`${SESSION_COOKIE}=;`)).toBe(true);
      const attrs = cookieAttributes(cleared!);
      expect(attrs.path).toBe('/');
      const expired = attrs['max-age'] === '0' || Date.parse(String(attrs.expires)) <= Date.now();
      expect(expired).toBe(true);

      expectDetail(await me(staff), 401);
      expectDetail(await me(staff, { via: 'token' }), 401);
      expect(await sessionRows()).toEqual([]);
    });

    it('revokes a session carried by the Authorization header', async () => {
      const staff = await h.login('staff');
      expect((await h.get('/api/auth/logout', { session: staff, via: 'token' })).statusCode).toBe(200);
      expectDetail(await me(staff, { via: 'token' }), 401);
    });

    it("ends only this session, not the user's other sessions", async () => {
      const laptop = await h.login('staff');
      const phone = await h.login('staff');
      await h.get('/api/auth/logout', { session: laptop });
      expectDetail(await me(laptop), 401);
      expect((await me(phone)).statusCode).toBe(200);
    });

    it('answers an anonymous logout calmly and still clears the cookie', async () => {
      const res = await h.get('/api/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(setCookieFor(res, SESSION_COOKIE)).toBeDefined();
      const junk = await h.get('/api/auth/logout', { headers: { authorization: 'Token no-such-session' } });
      expect(junk.statusCode).toBe(200);
    });
  });
});
