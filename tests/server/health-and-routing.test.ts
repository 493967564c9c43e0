import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/database.js';
import { describeEachDialect, expectDetail } from './harness.js';

describeEachDialect('health and routing', (h) => {
  it('reports the server healthy with the dialect it runs on', async () => {
    const res = await h.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok', database: h.dialect });
  });

  it('answers health on any host, even one that serves no site', async () => {
    const res = await h.get('/api/health', { host: 'nowhere.example' });
    expect(res.statusCode).toBe(200);
  });

  it('reports 503 with a detail when the database is unreachable', async () => {
    // A database handle that has been used and then closed, as after a lost connection.
    const broken = openDatabase(h.config);
    await sql`select 1`.execute(broken.db);
    await broken.close();
    const app = await buildApp(h.config, broken, { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', detail: expect.any(String) });
      expect(res.body).not.toMatch(/stack|select 1/i);
    } finally {
      await app.close();
    }
  });

  it('answers unknown API paths with a JSON 404 detail', async () => {
    for (const url of ['/api/nope', '/api/nope/', '/api/profiles/someone-else/', '/api/', '/api']) {
      const body = expectDetail(await h.get(url), 404);
      expect(body).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers a JSON 404 for unknown API paths whatever the method', async () => {
    expectDetail(await h.post('/api/nope', { body: {} }), 404);
    expectDetail(await h.call('DELETE', '/api/health'), 404);
    expectDetail(await h.call('PUT', '/api/auth/login', { body: {} }), 404);
  });

  it('answers a JSON 404, not the SPA page, for unknown paths under /backoffice/api/', async () => {
    const res = await h.get('/backoffice/api/nope');
    expectDetail(res, 404);
  });

  it('accepts every API path with or without the trailing slash', async () => {
    for (const [a, b] of [
      ['/api/health', '/api/health/'],
      ['/api/profiles/me', '/api/profiles/me/'],
      ['/api/tenants/exists?domain=localhost', '/api/tenants/exists/?domain=localhost'],
      ['/api/tenants/by_domain?domain=localhost', '/api/tenants/by_domain/?domain=localhost'],
      ['/api/auth/logout', '/api/auth/logout/'],
    ] as const) {
      const [ra, rb] = [await h.get(a), await h.get(b)];
      expect(ra.statusCode, a).not.toBe(404);
      expect(rb.statusCode, b).toBe(ra.statusCode);
      expect(rb.body, b).toBe(ra.body);
    }
    const login = await h.post('/api/auth/login/', { body: { username: 'admin', password: 'demo1234' } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ token: expect.any(String) });
  });
});
