import { beforeAll, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../server/services/tenants.js';
import { cookieAttributes, DEMO_PASSWORD, describeEachDialect, expectDetail, expectFieldErrors, SESSION_COOKIE, setCookieFor } from './harness.js';

const INVALID = { non_field_errors: ['Unable to log in with provided credentials.'] };

describeEachDialect('POST /api/auth/login', (h) => {
  const login = (body: unknown, host = 'localhost') => h.post('/api/auth/login', { host, body });
  const sessionCount = async () =>
    Number(
      (
        await h.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // A dealer site in another market (Spain), for the market administrator's host rule.
  beforeAll(async () => {
    const spain = await h.db.selectFrom('markets').select('id').where('code', '=', 'ES').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const { id } = await h.db
      .insertInto('tenants')
      .values({
        name: 'Concesionario García',
        kind: 'dealer',
        brand_list: '["DF"]',
        market_id: spain.id,
        languages: '["es","en"]',
        default_language: 'es',
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.insertInto('tenant_domains').values({ domain: 'garcia.localhost', tenant_id: id, is_primary: 1 }).execute();
  });

  describe('a successful sign-in', () => {
    it('answers {token} and sets the HttpOnly, SameSite=Lax session cookie on /', async () => {
      const res = await login({ username: 'admin', password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json() as { token: string };
      expect(Object.keys(body)).toEqual(['token']);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      const cookie = setCookieFor(res, SESSION_COOKIE);
      expect(cookie).toBeDefined();
      expect(cookie!.startsWith(`${SESSION_COOKIE}=${body.token};`)).toBe(true);
      const attrs = cookieAttributes(cookie!);
      expect(attrs.httponly).toBe(true);
      expect(String(attrs.samesite).toLowerCase()).toBe('lax');
      expect(attrs.path).toBe('/');
      expect(attrs.domain).toBeUndefined();
      expect(attrs.secure).toBeUndefined();
      expect(attrs['max-age']).toBe(String(h.config.sessionTtlMs / 1000));
    });

    it('hands out a new token at every sign-in', async () => {
      const a = await h.login('admin');
      const b = await h.login('admin');
      expect(a.token).not.toBe(b.token);
      expect(await sessionCount()).toBe(2);
    });

    it('makes the session last SESSION_TTL_HOURS', async () => {
      const app = await h.appWith({ SESSION_TTL_HOURS: '2' });
      const before = Date.now();
      const res = await h.post('/api/auth/login', { app, body: { username: 'staff', password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(cookieAttributes(setCookieFor(res, SESSION_COOKIE)!)['max-age']).toBe('7200');
      const row = await h.db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow();
      const expires = Date.parse(row.expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 2 * 3600_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 2 * 3600_000);
    });

    it('trims the username and the password', async () => {
      const res = await login({ username: '  admin \t', password: ` ${DEMO_PASSWORD}  ` });
      expect(res.statusCode).toBe(200);
    });

    it('marks the cookie Secure behind an HTTPS proxy when TRUST_PROXY=1', async () => {
      const app = await h.appWith({ TRUST_PROXY: '1' });
      const res = await h.post('/api/auth/login', {
        app,
        origin: 'https://localhost',
        headers: { 'x-forwarded-proto': 'https' },
        body: { username: 'admin', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(cookieAttributes(setCookieFor(res, SESSION_COOKIE)!).secure).toBe(true);
    });

    it('does not believe X-Forwarded-Proto from an untrusted client', async () => {
      const res = await h.post('/api/auth/login', {
        headers: { 'x-forwarded-proto': 'https' },
        body: { username: 'admin', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(cookieAttributes(setCookieFor(res, SESSION_COOKIE)!).secure).toBeUndefined();
    });
  });

  describe('wrong credentials', () => {
    it('refuses a wrong password and an unknown user with the identical 400 body', async () => {
      const wrong = await login({ username: 'admin', password: 'not-the-password' });
      const unknown = await login({ username: 'nobody-at-all', password: DEMO_PASSWORD });
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.json()).toEqual(INVALID);
      expect(unknown.body).toBe(wrong.body);
      expect(setCookieFor(wrong, SESSION_COOKIE)).toBeUndefined();
      expect(setCookieFor(unknown, SESSION_COOKIE)).toBeUndefined();
      expect(await sessionCount()).toBe(0);
    });

    it('matches the username exactly (case-sensitive), as the user was created', async () => {
      const res = await login({ username: 'ADMIN', password: DEMO_PASSWORD });
      expect(res.json()).toEqual(INVALID);
    });

    it('refuses a deactivated user with the same body even when the password is right', async () => {
      await h.db.updateTable('users').set({ is_active: 0 }).where('username', '=', 'staff').execute();
      try {
        const res = await login({ username: 'staff', password: DEMO_PASSWORD });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(INVALID);
      } finally {
        await h.db.updateTable('users').set({ is_active: 1 }).where('username', '=', 'staff').execute();
      }
    });

    it('does not trim inner whitespace of the password', async () => {
      const res = await login({ username: 'admin', password: 'demo 1234' });
      expect(res.json()).toEqual(INVALID);
    });
  });

  describe('malformed requests', () => {
    it('names both missing fields', async () => {
      const body = expectFieldErrors(await login({}), ['username', 'password']);
      expect(body).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
    });

    it('names only the missing field', async () => {
      const body = expectFieldErrors(await login({ username: 'admin' }), ['password']);
      expect(body.username).toBeUndefined();
    });

    it('refuses a blank or whitespace-only field', async () => {
      const body = expectFieldErrors(await login({ username: '   ', password: '' }), ['username', 'password']);
      expect(body.username).toEqual(['This field may not be blank.']);
      expect(body.password).toEqual(['This field may not be blank.']);
    });

    it('names its problems as codes when asked (docs/decisions.md §11)', async () => {
      const res = await h.post('/api/auth/login', { body: { username: '  ', password: 'p'.repeat(1025) }, headers: { 'x-problem-codes': '1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        username: ['This field may not be blank.'],
        password: ['Ensure this field has no more than 1024 characters.'],
        $codes: { username: [{ code: 'blank' }], password: [{ code: 'maxLength', params: { count: 1024 } }] },
      });
      const missing = await h.post('/api/auth/login', { body: {}, headers: { 'x-problem-codes': '1' } });
      expect(missing.json()).toMatchObject({ $codes: { username: [{ code: 'required' }], password: [{ code: 'required' }] } });
    });

    it('refuses fields that are not strings', async () => {
      for (const [username, password] of [
        [42, true],
        [null, null],
        [['admin'], { value: DEMO_PASSWORD }],
        [{ $ne: '' }, { $gt: '' }],
      ]) {
        expectFieldErrors(await login({ username, password }), ['username', 'password']);
      }
    });

    it('refuses over-long fields without looking them up', async () => {
      const body = expectFieldErrors(await login({ username: 'u'.repeat(1025), password: 'p'.repeat(5000) }), ['username', 'password']);
      expect(JSON.stringify(body)).not.toContain('uuuuuuuu');
    });

    it('refuses a body that is not an object', async () => {
      for (const payload of ['[]', `["admin", "${DEMO_PASSWORD}"]`, '"admin"', '12', 'true']) {
        const res = await h.post('/api/auth/login', { payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json()).toHaveProperty('non_field_errors');
      }
    });

    it('answers malformed JSON with 400 {detail}', async () => {
      for (const payload of ['{"username": "admin", ', '{username: admin}', "{'a':1}", '']) {
        const res = await h.post('/api/auth/login', { payload, headers: { 'content-type': 'application/json' } });
        expectDetail(res, 400);
      }
    });

    it('answers a 10 MB body with 413 {detail}', async () => {
      const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(10 * 1024 * 1024) });
      const res = await h.post('/api/auth/login', { payload: big, headers: { 'content-type': 'application/json' } });
      expectDetail(res, 413);
    });

    it('answers an unsupported content type with 415 {detail}', async () => {
      for (const [type, payload] of [
        ['application/xml', '<login><username>admin</username></login>'],
        ['application/x-www-form-urlencoded', `username=admin&password=${DEMO_PASSWORD}`],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin\r\n--x--'],
      ] as const) {
        const res = await h.post('/api/auth/login', { payload, headers: { 'content-type': type } });
        expectDetail(res, 415);
      }
      expect(await sessionCount()).toBe(0);
    });

    it('never signs in from a text/plain body (a form a foreign page could post)', async () => {
      const res = await h.post('/api/auth/login', {
        payload: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.statusCode).toBe(400);
      expect(await sessionCount()).toBe(0);
    });

    it('answers 404 {detail} on a host that serves no site', async () => {
      const res = await login({ username: 'admin', password: DEMO_PASSWORD }, 'nowhere.example');
      expectDetail(res, 404);
      expect(setCookieFor(res, SESSION_COOKIE)).toBeUndefined();
      expect(await sessionCount()).toBe(0);
    });

    it('answers 404 on the host of a deactivated site', async () => {
      await h.db.updateTable('tenants').set({ is_active: 0 }).where('name', '=', 'Verdi Macchine Agricole').execute();
      forgetTenants(h.db);
      try {
        expectDetail(await login({ username: 'verdi', password: DEMO_PASSWORD }, 'verdi.localhost'), 404);
      } finally {
        await h.db.updateTable('tenants').set({ is_active: 1 }).execute();
        forgetTenants(h.db);
      }
    });
  });

  describe('where each kind of user may sign in', () => {
    const cases: Array<[string, string, boolean, string]> = [
      ['rossi', 'rossi.localhost', true, 'a dealer signs in on its own site'],
      ['verdi', 'verdi.localhost', true, 'a dealer signs in on its own site'],
      ['rossi', 'verdi.localhost', false, "a dealer cannot sign in on another dealer's site"],
      ['verdi', 'rossi.localhost', false, "a dealer cannot sign in on another dealer's site"],
      ['rossi', 'localhost', false, 'a dealer cannot sign in on the master site'],
      ['rossi', '127.0.0.1', false, "a dealer cannot sign in on the master site's alias"],
      ['market', 'localhost', true, 'a market administrator signs in on the master site'],
      ['market', 'rossi.localhost', true, 'a market administrator signs in on a dealer site of its market'],
      ['market', 'verdi.localhost', true, 'a market administrator signs in on a dealer site of its market'],
      ['market', 'garcia.localhost', false, 'a market administrator cannot sign in on a dealer site of another market'],
      ['staff', 'localhost', true, 'master staff signs in on the master site'],
      ['staff', 'rossi.localhost', true, 'master staff signs in on a dealer site'],
      ['staff', 'garcia.localhost', true, 'master staff signs in on any dealer site'],
      ['admin', 'localhost', true, 'a superuser signs in on the master site'],
      ['admin', 'verdi.localhost', true, 'a superuser signs in on a dealer site'],
      ['admin', 'garcia.localhost', true, 'a superuser signs in on any dealer site'],
    ];
    for (const [username, host, allowed, title] of cases) {
      it(`${title} (${username} on ${host})`, async () => {
        const res = await login({ username, password: DEMO_PASSWORD }, host);
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(setCookieFor(res, SESSION_COOKIE)).toBeDefined();
        } else {
          // The same answer as a wrong password: the refusal tells nothing about the account.
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual(INVALID);
          expect(setCookieFor(res, SESSION_COOKIE)).toBeUndefined();
          expect(await sessionCount()).toBe(0);
        }
      });
    }
  });
});
