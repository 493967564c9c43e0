import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeEachDialect, expectDetail } from './harness.js';

/** `script-src 'self'; frame-ancestors 'none'` → { 'script-src': ["'self'"], … } */
function parseCsp(header: string | undefined): Record<string, string[]> {
  expect(header, 'content-security-policy header').toBeDefined();
  const out: Record<string, string[]> = {};
  for (const part of header!.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const csp = parseCsp(res.headers['content-security-policy'] as string | undefined);
  const scripts = csp['script-src'] ?? csp['default-src'];
  expect(scripts, `${label}: script-src`).toBeDefined();
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-eval'");
  expect(scripts, `${label}: script-src`).not.toContain('*');
  expect(csp['frame-ancestors'], `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp['object-src'], `${label}: object-src`).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  expect(String(res.headers['x-frame-options']).toUpperCase(), label).toBe('DENY');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
}

describeEachDialect('security headers and the SPA', (h) => {
  describe('security headers', () => {
    it('come with an API answer', async () => {
      const res = await h.get('/api/health');
      expect(res.statusCode).toBe(200);
      expectSecurityHeaders(res, '/api/health');
    });

    it('come with API errors too', async () => {
      expectSecurityHeaders(await h.get('/api/nope'), '404');
      expectSecurityHeaders(await h.get('/api/profiles/me'), '401');
      expectSecurityHeaders(await h.post('/api/auth/login', { origin: 'http://evil.example', body: {} }), '403');
      expectSecurityHeaders(await h.post('/api/auth/login', { body: {} }), '400');
    });

    it('come with the back-office page', async () => {
      const res = await h.get('/backoffice/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(res, '/backoffice/');
    });

    it('come with a client route and a static asset', async () => {
      expectSecurityHeaders(await h.get('/backoffice/products/12'), '/backoffice/products/12');
      expectSecurityHeaders(await h.get('/backoffice/assets/app-abc123.js'), 'asset');
    });

    it('come on dealer sites as on the master site', async () => {
      expectSecurityHeaders(await h.get('/backoffice/', { host: 'rossi.localhost' }), 'rossi /backoffice/');
      expectSecurityHeaders(await h.get('/api/tenants/exists', { host: 'verdi.localhost' }), 'verdi exists');
    });
  });

  describe('the SPA under /backoffice/', () => {
    it('serves index.html, never cached, at the base path', async () => {
      for (const url of ['/backoffice/', '/backoffice']) {
        const res = await h.get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<div id="root">');
      }
    });

    it('serves index.html for every client route', async () => {
      for (const url of ['/backoffice/login', '/backoffice/products/12', '/backoffice/sitePages/about_us', '/backoffice/it/news']) {
        const res = await h.get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root">');
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('redirects the root to the language of the i18n_redirected cookie with a 302', async () => {
      const res = await h.get('/backoffice/', { headers: { cookie: 'i18n_redirected=it' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/backoffice/it/');
    });

    it('does not redirect for the default language or an unknown one', async () => {
      for (const lang of ['en', 'xx', '../../etc', '']) {
        const res = await h.get('/backoffice/', { headers: { cookie: `i18n_redirected=${lang}` } });
        expect(res.statusCode, lang).toBe(200);
      }
    });

    it('serves hashed assets with a one-year immutable cache', async () => {
      const res = await h.get('/backoffice/assets/app-abc123.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toContain('console.log');
    });

    it('serves other static files with a short cache', async () => {
      const res = await h.get('/backoffice/favicon.svg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('does not hand out source maps', async () => {
      const res = await h.get('/backoffice/assets/app-abc123.js.map');
      expect(res.body).not.toContain('"version":3');
    });

    it('does not serve files outside the build folder', async () => {
      for (const url of ['/backoffice/../package.json', '/backoffice/%2e%2e/%2e%2e/package.json', '/backoffice/assets/..%2f..%2fpackage.json']) {
        const res = await h.get(url);
        expect(res.body, url).not.toContain('"dependencies"');
      }
    });

    it('answers 503 with a hint when the back-office has not been built', async () => {
      const unbuilt = await h.appWith({ SPA_DIR: '/nonexistent/spa-build' });
      const res = await h.get('/backoffice/', { app: unbuilt });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/npm run build/);
      expectDetail(await h.get('/api/nope', { app: unbuilt }), 404);
    });
  });
});
