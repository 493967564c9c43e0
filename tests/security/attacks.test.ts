/**
 * Issue #7, attack suite: the attacks beside the access matrix, each run over every route
 * of the live route table where it applies: cross-origin writes with a valid cookie, login
 * brute force, session cookie flags, injection and hostile JSON, stored XSS in every text
 * field, and hostile uploads.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { Field } from '../../entities/fields.js';
import { ENTITIES } from '../../entities/index.js';
import { image, svg, zip } from '../server/fixtures/media.js';
import { upload } from '../server/fixtures/mediaApi.js';
import { cookieAttributes, DEMO_PASSWORD, describeEachDialect, SESSION_COOKIE, type Session, setCookieFor } from '../server/harness.js';
import { changedTables, fingerprint } from './checksum.js';
import { HOSTS, loadWorld, type World } from './identities.js';
import { answerProblem } from './matrix.js';
import { entityOf, resources, type Resources, SITE_HOST, type SiteKey } from './resources.js';
import { apiRoutes, fill, hasId, isMutating } from './routeTable.js';
import { siteFor, targetsOf } from './targets.js';

function clean4xx(res: LightMyRequestResponse, label: string) {
  expect(answerProblem(res), label).toBeUndefined();
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
}

describeEachDialect('attack suite: attacks', (h) => {
  let world: World;
  let r: Resources;
  const adminOn = async (site: SiteKey) => (await world.session('admin', SITE_HOST[site])) as Session;
  const writeRoutes = () => apiRoutes(h).filter((route) => isMutating(route.method));

  beforeAll(async () => {
    world = await loadWorld(h);
    r = resources(h, adminOn);
  });
  beforeEach(async () => {
    // The harness empties sessions between tests: the revoked token stays dead, the others are made per request.
    world = await loadWorld(h);
  });

  it('refuses every write from another origin, even with a valid superuser cookie, and changes nothing', async () => {
    const targets = await targetsOf(r, writeRoutes(), adminOn);
    const before = await fingerprint(h);
    let tried = 0;
    for (const t of targets) {
      for (const origin of ['http://verdi.localhost', 'https://evil.example', 'null', false] as const) {
        // A superuser's cookie, so nothing but the origin check can refuse.
        const res = await h.call(t.route.method, t.url, { host: t.host, session: await adminOn(t.site), body: t.body, origin });
        const label = `${t.route.method} ${t.route.url} from ${origin}`;
        clean4xx(res, label);
        expect(res.statusCode, label).toBe(403);
        tried++;
      }
    }
    expect(changedTables(before, await fingerprint(h))).toEqual([]);
    console.log(`cross-origin writes [${h.dialect}]: ${tried} requests over ${targets.length} write routes, all 403`);
    expect(targets.length).toBeGreaterThan(10);
  });

  it("locks a client out of a username whatever it rotates but its address, and never the username's owner", async () => {
    const { maxPerUsername, maxPerIp } = h.config.login;
    const attempt = (i: number, username: string, remoteAddress = '203.0.113.7') =>
      h.post('/api/auth/login', {
        host: i % 2 ? HOSTS.master : HOSTS.dealer,
        remoteAddress,
        body: { username: i % 3 ? username : `  ${username.toUpperCase()} `, password: `guess-${i}` },
        headers: { 'user-agent': `agent-${i}`, 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `192.0.2.${i}` },
      });
    // One username from one address rotating everything else: the client's counter stops it.
    for (let i = 0; i < maxPerUsername; i++) expect((await attempt(i, 'rossi')).statusCode).toBe(400);
    const locked = await attempt(99, 'rossi');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const right = await h.post('/api/auth/login', { host: HOSTS.dealer, remoteAddress: '203.0.113.7', body: { username: 'rossi', password: DEMO_PASSWORD } });
    expect(right.statusCode, 'the right password does not lift the lock of that client').toBe(429);
    const owner = await h.post('/api/auth/login', { host: HOSTS.dealer, remoteAddress: '10.9.9.8', body: { username: 'rossi', password: DEMO_PASSWORD } });
    expect(owner.statusCode, 'the owner elsewhere signs in').toBe(200);
    // One address with ever-changing usernames: the address counter stops it.
    await h.resetState();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= maxPerIp; i++) last = await attempt(i, `nobody-${i}`);
    expect(last!.statusCode).toBe(429);
    clean4xx(last!, 'locked login');
  });

  it('hands out the session only in an HttpOnly, SameSite=Lax cookie on /, Secure over HTTPS, and clears it on logout', async () => {
    const https = await h.appWith({ TRUST_PROXY: 'true' });
    for (const [username, host] of [
      ['admin', HOSTS.master],
      ['rossi', HOSTS.dealer],
      ['market', HOSTS.dealer],
    ] as const) {
      for (const app of [h.app, https]) {
        const res = await h.post('/api/auth/login', { app, host, body: { username, password: DEMO_PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.statusCode).toBe(200);
        const header = setCookieFor(res, SESSION_COOKIE)!;
        const attrs = cookieAttributes(header);
        expect(attrs.httponly, header).toBe(true);
        expect(String(attrs.samesite).toLowerCase()).toBe('lax');
        expect(attrs.path).toBe('/');
        expect(attrs.domain, 'never shared with sibling sites').toBeUndefined();
        expect(attrs.secure).toBe(app === https ? true : undefined);
        const out = await h.get('/api/auth/logout', { app, host, headers: { cookie: header.split(';')[0] ?? '', 'x-forwarded-proto': 'https' } });
        expect(cookieAttributes(setCookieFor(out, SESSION_COOKIE)!).expires).toMatch(/1970/);
      }
    }
  });

  it('answers SQL in ids, query strings and sort keys of every read route without a 5xx or a leak', async () => {
    const sql = ["1' OR '1'='1", '1;DROP TABLE users', '1 UNION SELECT password_hash FROM users', "') OR 1=1 --", '1/**/OR/**/1=1'];
    const reads = apiRoutes(h).filter((route) => route.method === 'GET');
    let tried = 0;
    for (const route of reads) {
      const site = siteFor(route);
      const session = await adminOn(site);
      for (const s of sql) {
        const q = encodeURIComponent(s);
        const url = hasId(route.url)
          ? fill(route.url, q)
          : `${fill(route.url, 1)}?search=${q}&sort=${q}&fltr=${q}&page=${q}&items=${q}&language_code=${q}&domain=${q}`;
        const res = await h.get(url, { host: SITE_HOST[site], session });
        expect(answerProblem(res, [s]), `${route.url} ${s}`).toBeUndefined();
        if (hasId(route.url)) expect(res.statusCode, `${url}`).toBe(404);
        tried++;
      }
    }
    // Still there, and still the only superuser.
    expect((await h.db.selectFrom('users').select('username').where('is_superuser', '=', 1).execute()).map((u) => u.username)).toEqual(['admin']);
    console.log(`SQL in URLs [${h.dialect}]: ${tried} requests over ${reads.length} read routes`);
  });

  it('refuses prototype pollution, oversized and deeply nested JSON on every write route, polluting nothing', async () => {
    const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    // Unknown keys are ignored (as DRF does): the nesting goes where the route reads.
    const everyField = (valid: string, value: unknown) => {
      const keys = Object.keys(JSON.parse(valid) as object);
      return Object.fromEntries(keys.map((k) => [k, value]));
    };
    // parser: refused before any route sees it, so tried on one route in four; fields: needs
    // the route's own fields, so only where the suite knows a valid body; all: everywhere.
    const hostile: Array<[string, (valid: string) => string, 'parser' | 'fields' | 'all']> = [
      ['__proto__ at the top', (v) => `{"__proto__":{"is_superuser":true,"polluted":1},${v.slice(1)}`, 'parser'],
      ['constructor.prototype', (v) => `{"constructor":{"prototype":{"polluted":1}},${v.slice(1)}`, 'parser'],
      ['__proto__ nested in an object', (v) => `{"nested":{"deeper":{"__proto__":{"polluted":1}}},${v.slice(1)}`, 'parser'],
      ['a body over the 1 MiB limit', (v) => `{"pad":"${'x'.repeat(1024 * 1024 + 10)}",${v.slice(1)}`, 'parser'],
      ['100 000 nested objects, under a key no route reads', () => `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`, 'parser'],
      ['a NUL hidden 40 levels down', (v) => `{"a":${'{"a":'.repeat(40)}"x\\u0000"${'}'.repeat(40)},${v.slice(1)}`, 'all'],
      ['10 000 nested arrays in every field', (v) => JSON.stringify(everyField(v, 'DEEP')).replaceAll('"DEEP"', deep(10_000)), 'fields'],
      ['SQL in every field', (v) => JSON.stringify(everyField(v, "1' OR '1'='1'; DROP TABLE users; --")), 'fields'],
    ];
    const targets = await targetsOf(
      r,
      writeRoutes().filter((route) => route.method !== 'DELETE'),
      adminOn,
    );
    const before = await fingerprint(h);
    let tried = 0;
    for (const [index, t] of targets.entries()) {
      const valid = JSON.stringify({ ...t.body, x: 1 });
      for (const [why, make, where] of hostile) {
        if (where === 'parser' && index % 4 !== 0) continue;
        if (where === 'fields' && Object.keys(t.body ?? {}).length === 0) continue;
        const res = await h.call(t.route.method, t.url, {
          host: t.host,
          session: t.session,
          payload: make(valid),
          headers: { 'content-type': 'application/json' },
        });
        clean4xx(res, `${t.route.method} ${t.route.url}: ${why}`);
        tried++;
      }
    }
    expect(changedTables(before, await fingerprint(h))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).is_superuser).toBeUndefined();
    console.log(`hostile JSON [${h.dialect}]: ${tried} requests`);
  });

  it('stores XSS in every text and rich-text field of every entity inertly: rich text cleaned, plain text returned as JSON data', async () => {
    const payloads = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '<a href="javascript:alert(1)">x</a>'];
    const textual = (f: Field) => f.type === 'text' || f.type === 'textarea' || f.type === 'richtext';
    const rossi = (await world.session('rossi', HOSTS.dealer))!;
    let fields = 0;
    for (const entity of ENTITIES) {
      // The collection's own POST (a singleton has none; its draft routes are no create).
      const create = apiRoutes(h).find((route) => route.method === 'POST' && entityOf(route.url) === entity && route.url.endsWith(`${entity.path}/`));
      if (!create || entity.scope === 'master') continue;
      for (const payload of payloads) {
        const body = (await r.validBody(create, 'dealer')) as Record<string, any>;
        const sent: Array<[string, Field, (row: any) => unknown]> = [];
        for (const [name, field] of Object.entries(entity.fields)) {
          if (!textual(field) || field.readOnly || (field.type !== 'richtext' && 'pattern' in field && field.pattern)) continue;
          const value = payload.slice(0, (field as { maxLength?: number }).maxLength ?? payload.length);
          if (field.translated) {
            const langs = Object.keys(body.translations ?? {});
            for (const lang of langs) body.translations[lang][name] = value;
            sent.push([name, field, (row) => row.translations?.[langs[0] ?? '']?.[name]]);
          } else {
            body[name] = value;
            sent.push([name, field, (row) => row[name]]);
          }
        }
        if (!sent.length) continue;
        const made = await h.post(fill(create.url, 1), { host: HOSTS.dealer, session: rossi, body });
        expect(made.statusCode, `${entity.name} ${payload}: ${made.body.slice(0, 300)}`).toBe(201);
        const detail = await h.get(`${fill(create.url, 1)}${made.json().id}/`, { host: HOSTS.dealer, session: rossi });
        expect(detail.headers['content-type']).toMatch(/^application\/json/);
        expect(detail.headers['x-content-type-options']).toBe('nosniff');
        const row = detail.json();
        for (const [name, field, read] of sent) {
          const value = String(read(row) ?? '');
          if (field.type === 'richtext') {
            expect(value, `${entity.name}.${name}`).not.toMatch(/<script|\son\w+\s*=|javascript:|<svg/i);
          } else {
            expect(value, `${entity.name}.${name}: plain text comes back as the data it was`).toBe(
              payload.slice(0, (field as { maxLength?: number }).maxLength ?? payload.length),
            );
          }
          fields++;
        }
      }
    }
    console.log(`stored XSS [${h.dialect}]: ${fields} field values checked`);
    expect(fields).toBeGreaterThan(20);
  });

  it('keeps hostile uploads inert: spoofed types, polyglots, scripts in SVG and HTML, hostile names', async () => {
    const admin = await adminOn('dealer');
    const png = await image('png', 16, 16);
    const gifHeader = Buffer.from('GIF89a\x10\x00\x10\x00\x80\x00\x00', 'latin1');
    const cases: Array<[string, Buffer, string, string]> = [
      ['HTML claiming to be a PNG', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'photo.png', 'image/png'],
      [
        'XHTML with a script',
        Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'),
        'page.xhtml',
        'image/svg+xml',
      ],
      ['a GIF header followed by HTML', Buffer.concat([gifHeader, Buffer.from('<html><script>alert(1)</script></html>')]), 'gifar.gif', 'image/gif'],
      ['a PNG with HTML appended', Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]), 'poly.png', 'image/png'],
      ['a ZIP holding an HTML page', zip([['index.html', '<script>alert(1)</script>']]), 'site.zip', 'text/html'],
      [
        'an SVG with script and handlers, named .png',
        svg('<script>alert(1)</script><image href="javascript:alert(1)" onload="alert(2)"/>'),
        'innocent.png',
        'image/png',
      ],
      [
        'an SVG with a foreignObject HTML script',
        svg('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject>'),
        'fo.svg',
        'image/svg+xml',
      ],
      ['a traversal name', png, '..%2f..%2f..%2fetc%2fpasswd.png', 'image/png'],
      ['a NUL in the name', png, 'photo.png\u0000.html', 'image/png'],
      ['an HTML name', png, '<img src=x onerror=alert(1)>.png', 'image/png'],
      ['zero bytes', Buffer.alloc(0), 'empty.png', 'image/png'],
      ['a truncated PNG', png.subarray(0, 30), 'cut.png', 'image/png'],
    ];
    for (const [why, bytes, filename, claimed] of cases) {
      const res = await upload(h, admin, bytes, { filename, claimed });
      expect(answerProblem(res), why).toBeUndefined();
      if (res.statusCode !== 201) {
        clean4xx(res, why);
        continue;
      }
      const item = res.json() as { url: string; name: string; thumbnail_url?: string | null };
      expect(item.url, why).toMatch(/^\/media\/[a-z0-9]{2}\/[a-z0-9]{2}\/[a-z0-9]{32}\.[a-z0-9]+$/);
      // eslint-disable-next-line no-control-regex -- a NUL byte in a stored name is what this looks for
      expect(item.name, why).not.toMatch(/[\\/\u0000]/);
      const served = await h.get(item.url, { host: HOSTS.dealer });
      const type = String(served.headers['content-type']);
      // An SVG is the one XML type served, and only as a sandboxed download (below).
      if (type !== 'image/svg+xml') expect(type, why).not.toMatch(/html|xml|javascript|text\//);
      expect(served.headers['x-content-type-options'], why).toBe('nosniff');
      if (type.includes('svg') || String(served.headers['content-disposition']).startsWith('attachment')) {
        expect(served.headers['content-security-policy'], why).toMatch(/sandbox/);
      }
      // The name is only ever a download name: no path, and nothing that breaks out of the header value.
      expect(String(served.headers['content-disposition']), why).not.toMatch(/[\r\n]|filename="[^"]*[\\/][^"]*"/);
    }
  });
});
