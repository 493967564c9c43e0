/**
 * Issue 13.4: behind a proxy, the client address, site and scheme come from the
 * X-Forwarded-* entries the trusted proxies wrote, never from what the client wrote in
 * front of them. TRUST_PROXY is a hop count or a list of proxy addresses and ranges.
 */
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { hashToken } from '../../server/services/tokens.js';
import { cookieAttributes, DEMO_PASSWORD, describeEachDialect, expectDetail, SESSION_COOKIE, setCookieFor } from '../server/harness.js';

const MAX_PER_IP = 3;

describeEachDialect('attack suite: forwarded headers and TRUST_PROXY', (h) => {
  const limits = { LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP), LOGIN_MAX_FAILURES_PER_USERNAME: '100' };
  const sessionIp = async (token: string) => (await h.db.selectFrom('sessions').select('ip').where('token_hash', '=', hashToken(token)).executeTakeFirst())?.ip;

  it('TRUST_PROXY=1: an address the client puts in front of its proxy escapes neither the per-IP limit nor the session record', async () => {
    const app = await h.appWith({ TRUST_PROXY: '1', ...limits });
    // The client sends `X-Forwarded-For: 10.9.0.N`; its proxy (the socket) appends the client's real address.
    const attempt = (n: number, username: string, password: string) =>
      h.post('/api/auth/login', { app, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `10.9.0.${n}, 203.0.113.5` }, body: { username, password } });
    for (let n = 0; n < MAX_PER_IP; n++) expect((await attempt(n, `guess${n}`, 'wrong')).statusCode).toBe(400);
    expectDetail(await attempt(99, 'admin', DEMO_PASSWORD), 429);
    await h.resetState();
    const ok = await attempt(7, 'admin', DEMO_PASSWORD);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await sessionIp(ok.json().token)).toBe('203.0.113.5');
  });

  it('TRUST_PROXY=2 trusts two hops', async () => {
    const app = await h.appWith({ TRUST_PROXY: '2' });
    const res = await h.post('/api/auth/login', {
      app,
      headers: { 'x-forwarded-for': '10.9.0.1, 198.51.100.2, 192.0.2.3' },
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sessionIp(res.json().token)).toBe('198.51.100.2');
  });

  it('a list of proxies: only their entries are believed, and only from them, for the address, the site and the scheme', async () => {
    const app = await h.appWith({ TRUST_PROXY: '127.0.0.0/8, ::1, 198.51.100.0/24', ...limits });
    const headers = { 'x-forwarded-for': '10.9.0.1, 203.0.113.5, 198.51.100.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'rossi.localhost' };
    const viaProxy = await h.post('/api/auth/login', {
      app,
      origin: 'https://rossi.localhost',
      remoteAddress: '127.0.0.1',
      headers,
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(viaProxy.statusCode, viaProxy.body).toBe(200);
    expect(await sessionIp(viaProxy.json().token)).toBe('203.0.113.5');
    expect(cookieAttributes(setCookieFor(viaProxy, SESSION_COOKIE)!).secure).toBe(true);
    expect((await h.get('/api/tenants/exists', { app, remoteAddress: '127.0.0.1', headers })).body).toBe('"dealer"');

    // A client reaching the server directly: its own headers are ignored.
    const direct = await h.post('/api/auth/login', { app, remoteAddress: '192.0.2.50', headers, body: { username: 'admin', password: DEMO_PASSWORD } });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(await sessionIp(direct.json().token)).toBe('192.0.2.50');
    expect(cookieAttributes(setCookieFor(direct, SESSION_COOKIE)!).secure).toBeUndefined();
    expect((await h.get('/api/tenants/exists', { app, remoteAddress: '192.0.2.50', headers })).body).toBe('"default"');
  });

  it('TRUST_PROXY=0 believes nothing', async () => {
    const app = await h.appWith({ TRUST_PROXY: '0' });
    const res = await h.post('/api/auth/login', {
      app,
      remoteAddress: '192.0.2.60',
      headers: { 'x-forwarded-for': '10.9.0.1' },
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(await sessionIp(res.json().token)).toBe('192.0.2.60');
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    for (const value of ['banana', '-1', '1.5', '10.0.0.0/33', '300.1.1.1', '127.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
