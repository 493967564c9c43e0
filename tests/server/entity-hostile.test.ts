/**
 * Hostile bodies and query strings against the entity API: always a clean 4xx (or a
 * harmless 2xx), never a 500, never a leak of internals, never a write.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ENTITIES } from '../../entities/index.js';
import { api, fixtures, HOSTS, snapshot } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const LEAK =
  /stack|\n\s+at\s|node_modules|\.ts:\d|sqlite|postgres|syntax error|\bselect\b|\binsert\b|\bwhere\b|constraint|relation "|character varying|kysely/i;
const product = ENTITIES.find((e) => e.name === 'product')!;

function expectClean(res: LightMyRequestResponse, label: string, allowOk = false) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (!allowOk) expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  if (res.statusCode !== 204) expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  expect(res.body, label).not.toMatch(LEAK);
}

const nest = (depth: number) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describeEachDialect(
  'entity API under hostile input',
  (h) => {
    let rossi: Session;
    const fx = fixtures(h);
    const host = HOSTS.rossi;
    beforeAll(async () => {
      rossi = await h.login('rossi', host);
    });

    it('answers hostile bodies with a clean 400 and writes nothing', async () => {
      const id = await fx.create('product', 'rossi');
      const good = await fx.body('product', 'rossi');
      const bodies: Array<[string, unknown]> = [
        ['nested arrays as specs', { ...good, specs: nest(50) }],
        ['too many spec rows', { ...good, specs: Array.from({ length: 5000 }, () => ({ name: 'a', value: 'b' })) }],
        ['translations as an array', { ...good, translations: [{ name: 'x' }] }],
        ['a thousand language keys', { ...good, translations: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`l${i}`, { name: 'x' }])) }],
        ['a language key that is a path', { ...good, translations: { 'en.name': { name: 'x' }, '../it': { name: 'y' } } }],
        ['a name that is an object', { ...good, translations: { en: { name: { toString: 'x' } } } }],
        ['ids beyond integer range', { ...good, brand: 2147483648, tags: [1e308] }],
        ['negative and fractional ids', { ...good, brand: -1, category: 1.5 }],
        ['a huge id list', { ...good, tags: Array.from({ length: 20_000 }, (_, i) => i + 1) }],
        ['a price of Infinity written as a string', { ...good, price: 'Infinity' }],
        ['a number as a huge numeric string', { ...good, price: '9'.repeat(400) }],
        ['a status with SQL', { ...good, status: "published'; drop table products; --" }],
        ['a slug with SQL', { ...good, translations: { en: { name: 'x', slug: "x' or '1'='1" } } }],
        ['a repeater row with a nested object', { ...good, specs: [{ name: { $gt: '' }, value: ['x'] }] }],
        ['seo as a list', { ...good, translations: { en: { name: 'x', seo: ['title'] } } }],
      ];
      const before = await snapshot(h, 'rossi');
      for (const [label, body] of bodies) {
        const payload = JSON.stringify(body);
        if (payload.length > 1024 * 1024) continue;
        expectClean(await h.post(api(product), { host, session: rossi, body }), `POST ${label}`);
        expectClean(await h.call('PUT', api(product, id), { host, session: rossi, body: { ...(body as object), version: 1 } }), `PUT ${label}`);
      }
      // Deeper than anything JSON.stringify would write: sent as raw text.
      const deep = JSON.stringify(good).replace(/}$/, `,"specs":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
      const headers = { 'content-type': 'application/json' };
      expectClean(await h.post(api(product), { host, session: rossi, payload: deep, headers }), 'POST deeply nested specs');
      expectClean(
        await h.call('PATCH', api(product, id), { host, session: rossi, payload: deep.replace(/}$/, ',"version":1}'), headers }),
        'PATCH deeply nested',
      );
      expect(await snapshot(h, 'rossi')).toEqual(before);
    });

    it('answers hostile query strings cleanly', async () => {
      const queries = [
        'sort=id;drop table products',
        "sort=name'--",
        'sort=' + '-'.repeat(1000),
        'sort=a,b,c,d,e,f,g',
        "fltr=status=published'--",
        'fltr=brand=1) or (1=1',
        'fltr=brand=' + '1,'.repeat(5000),
        'fltr==',
        'fltr=%3D%3D%3D',
        'fltr=__proto__=1',
        'fltr=constructor=1',
        'search=%25_%5C',
        "search=' or 1=1 --",
        'search=' + encodeURIComponent('😀'.repeat(60)),
        'search=' + encodeURIComponent('Ελληνικά кириллица 中文'),
        'page=1e9',
        'page=999999999',
        'items=999999999',
        'page[]=1',
        'language_code[]=it',
        'language_code=__proto__',
        'fltr[status]=draft',
      ];
      for (const q of queries) expectClean(await h.get(`${api(product)}?${q}`, { host, session: rossi }), q, true);
    });

    it('answers hostile versions and ids cleanly', async () => {
      const id = await fx.create('product', 'rossi');
      for (const [version, ifMatch] of [
        [99999999999, undefined],
        [-1, undefined],
        [1.5, undefined],
        [{ $ne: 0 }, undefined],
        [undefined, '"1", "2"'],
        [undefined, 'W/"x"'],
        [undefined, '"' + '9'.repeat(100) + '"'],
      ] as const) {
        const res = await h.call('PATCH', api(product, id), {
          host,
          session: rossi,
          body: version === undefined ? { sku: 'x' } : { sku: 'x', version },
          headers: ifMatch ? { 'if-match': ifMatch } : {},
        });
        expectClean(res, `version ${JSON.stringify(version)} / ${ifMatch}`);
      }
      for (const bad of ['%00', '..%2F..%2Fetc', '1%20or%201=1', '0x10', '１２']) {
        expectClean(await h.get(`/api/products/${bad}/`, { host, session: rossi }), `id ${bad}`);
      }
    });
  },
  { resetBetweenTests: false },
);
