import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDialect } from './harness.js';

/** Anything that would tell an attacker about our internals. */
const LEAK =
  /stack|\n\s+at\s|node_modules|\.ts:\d|sqlite|postgres|syntax error|\bselect\b|\binsert\b|\bwhere\b|constraint|relation "|character varying|kysely/i;

function expectCleanClientError(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body, label).toBe('object');
  expect(body, label).not.toHaveProperty('stack');
  expect(res.body, label).not.toMatch(LEAK);
}

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/** Raw JSON bodies for POST /api/auth/login. */
const HOSTILE_LOGIN_BODIES: Array<[string, string]> = [
  ['__proto__ at the top', '{"__proto__":{"polluted":true}}'],
  ['__proto__ next to credentials', `{"username":"admin","password":"${DEMO_PASSWORD}","__proto__":{"is_superuser":true}}`],
  ['__proto__ inside a field', '{"username":{"__proto__":{"polluted":true}},"password":"x"}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['constructor.prototype inside a field', '{"username":"admin","password":{"constructor":{"prototype":{"polluted":true}}}}'],
  ['an empty array', '[]'],
  ['an array of credentials', `[{"username":"admin","password":"${DEMO_PASSWORD}"}]`],
  ['arrays as fields', `{"username":["admin"],"password":["${DEMO_PASSWORD}"]}`],
  ['null', 'null'],
  ['null fields', '{"username":null,"password":null}'],
  ['a bare string', '"admin"'],
  ['a bare number', '1e309'],
  ['operator objects as fields', '{"username":{"$ne":null},"password":{"$gt":""}}'],
  ['SQL in the fields', `{"username":"admin' OR '1'='1' --","password":"' OR 1=1 --"}`],
  ['SQL in the fields, the other quote', '{"username":"admin\\" OR \\"1\\"=\\"1","password":"x\\"; DROP TABLE users; --"}'],
  ['a very long username', JSON.stringify({ username: 'u'.repeat(100_000), password: DEMO_PASSWORD })],
  ['a very long password', JSON.stringify({ username: 'admin', password: 'p'.repeat(500_000) })],
  ['deeply nested arrays', nested(100_000, '[', ']')],
  ['deeply nested objects', nested(100_000, '{"a":', '}')],
  ['deeply nested objects named constructor', nested(50_000, '{"constructor":', '}')],
  ['deeply nested username', `{"username":${nested(50_000, '[', ']')},"password":"x"}`],
  ['a lone surrogate', '{"username":"\\ud800admin","password":"\\udfff"}'],
  ['control characters', '{"username":"adm\\u0001in\\u001f","password":"\\u0007\\b\\f"}'],
  ['truncated JSON', `{"username":"admin","password":"${DEMO_PASSWORD}"`],
  ['trailing garbage', `{"username":"admin","password":"${DEMO_PASSWORD}"} {}`],
  ['a byte-order mark', `\ufeff{"username":"admin","password":"wrong"}`],
  ['NaN', '{"username":NaN,"password":Infinity}'],
];

describeEachDialect('hostile input never causes a 500 or a leak', (h) => {
  const sessionCount = async () =>
    Number(
      (
        await h.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers every hostile login body with a clean 4xx and signs nobody in', async () => {
    for (const [label, payload] of HOSTILE_LOGIN_BODIES) {
      const res = await h.post('/api/auth/login', { payload, headers: { 'content-type': 'application/json' } });
      expectCleanClientError(res, label);
    }
    expect(await sessionCount()).toBe(0);
  });

  it('answers hostile bodies the same on a dealer site', async () => {
    for (const [label, payload] of HOSTILE_LOGIN_BODIES.slice(0, 10)) {
      const res = await h.post('/api/auth/login', {
        host: 'rossi.localhost',
        payload,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expectCleanClientError(res, label);
    }
  });

  it('leaves Object.prototype untouched', async () => {
    for (const [, payload] of HOSTILE_LOGIN_BODIES.slice(0, 5)) {
      await h.post('/api/auth/login', { payload, headers: { 'content-type': 'application/json' } });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).is_superuser).toBeUndefined();
  });

  it('answers hostile content types and encodings with a clean 4xx', async () => {
    const cases: Array<[string, Record<string, string>, string | Buffer]> = [
      ['json declared, binary sent', { 'content-type': 'application/json' }, Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80])],
      ['unknown charset', { 'content-type': 'application/json; charset=klingon' }, '{}'],
      ['a content type with no body parser', { 'content-type': 'image/png' }, Buffer.from([0x89, 0x50, 0x4e, 0x47])],
      ['an empty content type', { 'content-type': '' }, '{}'],
      ['a gibberish content type', { 'content-type': ';;;==' }, '{}'],
    ];
    for (const [label, headers, payload] of cases) {
      const res = await h.post('/api/auth/login', { payload, headers });
      expectCleanClientError(res, label);
    }
  });

  it('answers hostile query strings and headers on the read endpoints with no 500', async () => {
    const cases: Array<[string, string, Record<string, string>]> = [
      ['domain as an array', '/api/tenants/exists?domain=a&domain=b&domain=c', {}],
      ['domain with brackets', '/api/tenants/exists?domain[]=localhost&domain[x]=y', {}],
      ['a very long domain', `/api/tenants/by_domain?domain=${'a'.repeat(5000)}`, {}],
      ['a broken percent escape', '/api/tenants/exists?domain=%E0%A4%A', {}],
      ['SQL in the domain', `/api/tenants/exists?domain=${encodeURIComponent("x' OR '1'='1")}`, {}],
      ['a very long host', '/api/tenants/exists', { host: `${'a'.repeat(2000)}.example` }],
      ['a forged session cookie', '/api/profiles/me', { cookie: `__mapo_session=${'A'.repeat(4000)}` }],
      ['two session cookies', '/api/profiles/me', { cookie: '__mapo_session=a; __mapo_session=b' }],
      ['a broken cookie header', '/api/profiles/me', { cookie: '=;;=;__mapo_session' }],
      ['a huge token', '/api/profiles/me', { authorization: `Token ${'t'.repeat(8000)}` }],
      ['SQL in the token', '/api/profiles/me', { authorization: "Token '||(select+1)||'" }],
      ['a NUL in the domain', '/api/tenants/exists?domain=%00', {}],
      ['a NUL inside a domain', '/api/tenants/by_domain?domain=local%00host', {}],
    ];
    for (const [label, url, headers] of cases) {
      const res = await h.get(url, { headers });
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      expect(res.body, label).not.toMatch(LEAK);
      expect(res.json(), label).not.toHaveProperty('stack');
    }
  });

  it('refuses NUL characters in a JSON body with 400 on every dialect', async () => {
    for (const body of [
      { username: 'ad\u0000min', password: 'x' },
      { username: 'admin', password: 'x', ['k\u0000']: 1 },
    ]) {
      const res = await h.post('/api/auth/login', { body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).not.toMatch(LEAK);
    }
  });

  it('still works normally after the onslaught', async () => {
    for (const [, payload] of HOSTILE_LOGIN_BODIES) {
      await h.post('/api/auth/login', { payload, headers: { 'content-type': 'application/json' } });
    }
    await h.resetState();
    const admin = await h.login('admin');
    const me = await h.get('/api/profiles/me', { session: admin });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'admin', is_superuser: true });
  });
});
