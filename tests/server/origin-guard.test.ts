import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDialect, expectDetail, type Session } from './harness.js';

/**
 * Sibling dealer domains are same-site, so SameSite=Lax does not stop rossi.localhost's
 * pages from posting to verdi.localhost: every mutating request must come from its own origin.
 */
describeEachDialect('origin guard on mutating requests', (h) => {
  const credentials = { username: 'rossi', password: DEMO_PASSWORD };
  const signIn = (): Promise<Session> => h.login('rossi', 'rossi.localhost');

  it("refuses a POST whose Origin is another dealer's site, even with a valid session cookie", async () => {
    const session = await signIn();
    const res = await h.post('/api/auth/login', {
      host: 'rossi.localhost',
      origin: 'http://verdi.localhost',
      session,
      body: credentials,
    });
    expectDetail(res, 403);
  });

  it('refuses a cross-origin POST before looking at the credentials', async () => {
    const res = await h.post('/api/auth/login', {
      host: 'rossi.localhost',
      origin: 'http://verdi.localhost',
      body: credentials,
    });
    expectDetail(res, 403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cookie-authenticated POST with neither Origin nor Referer', async () => {
    const session = await signIn();
    const res = await h.post('/api/auth/login', { host: 'rossi.localhost', origin: false, session, body: credentials });
    expectDetail(res, 403);
  });

  it('refuses Origin: null (sandboxed frames, some redirects)', async () => {
    const res = await h.post('/api/auth/login', { host: 'rossi.localhost', origin: 'null', body: credentials });
    expectDetail(res, 403);
  });

  it('refuses an Origin that is not a URL', async () => {
    const res = await h.post('/api/auth/login', { host: 'rossi.localhost', origin: 'not a url', body: credentials });
    expectDetail(res, 403);
  });

  it('treats another port or a longer host name as another origin', async () => {
    for (const origin of ['http://rossi.localhost:8080', 'http://rossi.localhost.evil.example', 'http://evil-rossi.localhost']) {
      const res = await h.post('/api/auth/login', { host: 'rossi.localhost', origin, body: credentials });
      expectDetail(res, 403);
    }
    const withPort = await h.post('/api/auth/login', {
      host: 'rossi.localhost:3000',
      origin: 'http://rossi.localhost',
      body: credentials,
    });
    expectDetail(withPort, 403);
  });

  it('accepts the same origin, whatever its case and port, as the browser sends it', async () => {
    const plain = await h.post('/api/auth/login', { host: 'rossi.localhost', origin: 'http://rossi.localhost', body: credentials });
    expect(plain.statusCode, plain.body).toBe(200);
    const upper = await h.post('/api/auth/login', { host: 'Rossi.Localhost', origin: 'http://ROSSI.localhost', body: credentials });
    expect(upper.statusCode, upper.body).toBe(200);
    const port = await h.post('/api/auth/login', {
      host: 'rossi.localhost:3000',
      origin: 'http://rossi.localhost:3000',
      body: credentials,
    });
    expect(port.statusCode, port.body).toBe(200);
  });

  it('accepts a cookie-authenticated POST whose Referer is on the same origin when Origin is missing', async () => {
    const session = await signIn();
    const res = await h.post('/api/auth/login', {
      host: 'rossi.localhost',
      origin: false,
      session,
      headers: { referer: 'http://rossi.localhost/backoffice/login?redirect=/backoffice/products' },
      body: credentials,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a POST whose Referer is another site when Origin is missing', async () => {
    const session = await signIn();
    const res = await h.post('/api/auth/login', {
      host: 'rossi.localhost',
      origin: false,
      session,
      headers: { referer: 'http://verdi.localhost/some/page' },
      body: credentials,
    });
    expectDetail(res, 403);
  });

  it('lets the Origin header win over a same-origin Referer', async () => {
    const res = await h.post('/api/auth/login', {
      host: 'rossi.localhost',
      origin: 'http://verdi.localhost',
      headers: { referer: 'http://rossi.localhost/backoffice/' },
      body: credentials,
    });
    expectDetail(res, 403);
  });

  it('accepts a token-authenticated POST without Origin (API clients are not browsers)', async () => {
    const session = await signIn();
    const res = await h.post('/api/auth/login', {
      host: 'rossi.localhost',
      origin: false,
      session,
      via: 'token',
      body: credentials,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('accepts an anonymous POST without Origin, such as a command-line sign-in', async () => {
    const res = await h.post('/api/auth/login', { host: 'rossi.localhost', origin: false, body: credentials });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('does not trust a cookie sent next to a malformed Authorization header', async () => {
    const session = await signIn();
    const res = await h.get('/api/profiles/me', {
      host: 'rossi.localhost',
      session,
      headers: { authorization: 'Bearer whatever' },
    });
    expectDetail(res, 401);
  });

  it('guards every mutating method, not only POST', async () => {
    const session = await signIn();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await h.call(method, '/api/profiles/me', { host: 'rossi.localhost', origin: 'http://verdi.localhost', session });
      expectDetail(res, 403);
    }
  });

  it('grants no cross-origin read access (no CORS headers)', async () => {
    const session = await signIn();
    const res = await h.get('/api/profiles/me', { host: 'rossi.localhost', origin: 'http://verdi.localhost', session });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('compares the Origin with X-Forwarded-Host when the proxy is trusted', async () => {
    const app = await h.appWith({ TRUST_PROXY: '1' });
    const headers = { 'x-forwarded-host': 'rossi.localhost', 'x-forwarded-proto': 'https' };
    const same = await h.post('/api/auth/login', {
      app,
      host: 'backend.internal:3000',
      origin: 'https://rossi.localhost',
      headers,
      body: credentials,
    });
    expect(same.statusCode, same.body).toBe(200);
    const other = await h.post('/api/auth/login', {
      app,
      host: 'backend.internal:3000',
      origin: 'https://verdi.localhost',
      headers,
      body: credentials,
    });
    expectDetail(other, 403);
  });
});
