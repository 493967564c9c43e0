/**
 * What keeps the catalog consistent: slugs unique per site (and language), rich text
 * sanitised, references kept whole on delete (409 with what uses a row, cascades,
 * unlinks), unique fields, media of the same site only, and concurrent writers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../entities/index.js';
import { mediaUsages } from '../../server/entities/index.js';
import { loadRecords } from '../../server/entities/read.js';
import { nowIso } from '../../server/services/clock.js';
import { api, contextFor, fixtures, HOSTS, json, rowOf, snapshot, tenantId } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';
import { exactly } from '../tuples.js';

const byName = (n: string) => ENTITIES.find((e) => e.name === n)!;
const [brand, service, category, tag, product, featured] = exactly(['brand', 'brandService', 'category', 'tag', 'product', 'featuredProduct'].map(byName), 6);

describeEachDialect(
  'entity integrity',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    let def = '';
    let other = '';
    const fx = fixtures(h);
    const host = HOSTS.rossi;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => h.call(method, url, { host, session: rossi, body });
    const word = () => `w${Math.random().toString(36).slice(2, 9)}`;

    beforeAll(async () => {
      rossi = await h.login('rossi', host);
      verdi = await h.login('verdi', HOSTS.verdi);
      const site = (await contextFor(h, 'rossi')).site;
      def = site.default_language;
      other = site.languages.find((l) => l !== def)!;
    });

    describe('slugs', () => {
      it('are made from the title when empty, and made unique in the site with -2, -3', async () => {
        const title = `Trattori Speciali ${word()}`;
        const slugs: string[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await call('POST', api(category), { translations: { [def]: { title } } });
          expect(res.statusCode, res.body).toBe(201);
          slugs.push(json(res).slug);
        }
        const base = title.toLowerCase().replace(/ /g, '-');
        expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
        // Another site has its own slugs.
        const elsewhere = await h.post(api(category), { host: HOSTS.verdi, session: verdi, body: { translations: { en: { title } } } });
        expect(json(elsewhere).slug).toBe(base);
      });

      it('refuse a slug another row of the site uses (400 on the slug), and allow keeping one own', async () => {
        const slug = `slug-${word()}`;
        const first = json(await call('POST', api(category), { slug, translations: { [def]: { title: 'A' } } }));
        const dup = await call('POST', api(category), { slug, translations: { [def]: { title: 'B' } } });
        expect(dup.statusCode).toBe(400);
        expect(json(dup).slug).toEqual(['This slug is already used by another row of this site.']);
        const keep = await call('PATCH', api(category, first.id), { slug, order: 3, version: 1 });
        expect(keep.statusCode, keep.body).toBe(200);
        // Freed on delete.
        expect((await call('DELETE', api(category, first.id))).statusCode).toBe(204);
        expect((await call('POST', api(category), { slug, translations: { [def]: { title: 'C' } } })).statusCode).toBe(201);
      });

      it('are unique per language for translated slugs', async () => {
        const slug = `prodotto-${word()}`;
        const body = await fx.body('product', 'rossi');
        const tr = body.translations as Record<string, Record<string, unknown>>;
        Object.assign(tr, { [def]: { ...tr[def], slug }, [other]: { ...tr[other], slug } });
        const first = await call('POST', api(product), body);
        expect(first.statusCode, first.body).toBe(201);
        const again = await fx.body('product', 'rossi');
        const againTr = again.translations as Record<string, Record<string, unknown>>;
        againTr[other] = { ...againTr[other], slug };
        const dup = await call('POST', api(product), again);
        expect(dup.statusCode).toBe(400);
        expect(Object.keys(json(dup))).toEqual([`translations.${other}.slug`]);
      });

      it('get unique values when two rows with the same title are created at once', async () => {
        const title = `Parallel ${word()}`;
        const results = await Promise.all(Array.from({ length: 4 }, () => call('POST', api(tag), { translations: { [def]: { title } } })));
        for (const r of results) expect(r.statusCode, r.body).toBe(201);
        expect(new Set(results.map((r) => json(r).slug)).size).toBe(4);
      });
    });

    describe('rich text', () => {
      it('is sanitised against the allow-list before it is stored', async () => {
        const body = await fx.body('product', 'rossi');
        const dirty =
          '<h2 onclick="steal()">Title</h2><script>alert(1)</script><p style="color:red">Text <a href="javascript:alert(1)">bad</a> ' +
          '<a href="https://example.com" target="_blank">good</a> <a href="/prodotti/x" target="_top">own</a></p>' +
          '<img src="/media/2026/05/tractor.webp" alt="Tractor" onerror="x()"><img src="https://evil.example/x.png">' +
          '<img src="data:image/png;base64,AAAA"><iframe src="https://evil.example"></iframe><ul><li>one</li></ul><style>p{}</style>';
        (body.translations as any)[def].description = dirty;
        const res = await call('POST', api(product), body);
        expect(res.statusCode, res.body).toBe(201);
        const stored = json(res).translations[def].description as string;
        expect(stored).toBe(
          '<h2>Title</h2><p>Text <a>bad</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a> ' +
            '<a href="/prodotti/x">own</a></p><img src="/media/2026/05/tractor.webp" alt="Tractor" /><ul><li>one</li></ul>',
        );
        expect(json(await call('GET', api(product, json(res).id))).translations[def].description).toBe(stored);
      });

      it('counts as empty when only tags remain (a required rich text would be blank)', async () => {
        const body = await fx.body('brand', 'rossi');
        (body.translations as any)[def].description = '<script>x</script>';
        const res = await call('POST', api(brand), body);
        expect(json(res).translations?.[def]?.description ?? '').toBe('');
      });
    });

    describe('references on delete', () => {
      it('refuse to delete a category in use (409 with what uses it), then allow it once unused', async () => {
        const cat = await fx.create('category', 'rossi');
        const p1 = await fx.create('product', 'rossi', { category: cat });
        const p2 = await fx.create('product', 'rossi', { category: cat });
        const before = await snapshot(h, 'rossi');
        const res = await call('DELETE', api(category, cat));
        expect(res.statusCode).toBe(409);
        const body = json(res);
        expect(body.detail).toMatch(/used by 2 product/);
        expect(body.used_by).toEqual([
          {
            id: cat,
            entity: 'product',
            field: 'category',
            count: 2,
            items: [
              { id: p1, title: expect.any(String) },
              { id: p2, title: expect.any(String) },
            ],
          },
        ]);
        expect(await snapshot(h, 'rossi')).toEqual(before);

        const bulk = await call('POST', `${api(category)}bulk_delete/`, { ids: [cat, await fx.create('category', 'rossi')] });
        expect(bulk.statusCode).toBe(409);
        expect(json(bulk).used_by.map((u: { id: number }) => u.id)).toEqual([cat]);

        await call('PATCH', api(product, p1), { category: null, version: 1 });
        await call('DELETE', api(product, p2));
        expect((await call('DELETE', api(category, cat))).statusCode).toBe(204);
      });

      it('take a deleted tag off its products', async () => {
        const t = await fx.create('tag', 'rossi');
        const keep = await fx.create('tag', 'rossi');
        const p = await fx.create('product', 'rossi', { tags: [t, keep] });
        expect((await call('DELETE', api(tag, t))).statusCode).toBe(204);
        expect(json(await call('GET', api(product, p))).tags).toEqual([keep]);
      });

      it("delete a brand's services with it, but not a brand its products use", async () => {
        const b = await fx.create('brand', 'rossi');
        const s1 = await fx.create('brandService', 'rossi', { brand: b });
        const s2 = await fx.create('brandService', 'rossi', { brand: b });
        const p = await fx.create('product', 'rossi', { brand: b });
        const refused = await call('DELETE', api(brand, b));
        expect(refused.statusCode).toBe(409);
        expect(json(refused).used_by).toMatchObject([{ id: b, entity: 'product', field: 'brand', count: 1 }]);
        expect(await rowOf(h, service, s1)).toBeDefined();
        await call('DELETE', api(product, p));
        const listed = json(await call('GET', `${api(service)}?fltr=brand=${b}`)).paginator.count;
        expect(listed).toBe(2);
        expect((await call('DELETE', api(brand, b))).statusCode).toBe(204);
        expect(await rowOf(h, service, s1)).toBeUndefined();
        expect(await rowOf(h, service, s2)).toBeUndefined();
        expect(json(await call('GET', `${api(service)}?fltr=brand=${b}`)).paginator.count).toBe(0);
      });

      it('delete featured entries with their product', async () => {
        const p = await fx.create('product', 'rossi');
        const f = await fx.create('featuredProduct', 'rossi', { product: p });
        expect((await call('DELETE', api(product, p))).statusCode).toBe(204);
        expect(await rowOf(h, featured, f)).toBeUndefined();
      });

      it('bulk delete deletes every id of the site at once and reports the rest as not found', async () => {
        const ids = [await fx.create('tag', 'rossi'), await fx.create('tag', 'rossi')];
        const res = await call('POST', `${api(tag)}bulk_delete/`, { ids: [...ids, 999999999, ids[0]] });
        expect(res.statusCode).toBe(200);
        expect(json(res)).toEqual({ deleted: ids, not_found: [999999999] });
        for (const bad of [{}, { ids: [] }, { ids: 'x' }, { ids: [1, 'x', -3] }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
          const r = await call('POST', `${api(tag)}bulk_delete/`, bad);
          expect(r.statusCode, JSON.stringify(bad).slice(0, 50)).toBe(400);
          expect(Object.keys(json(r)).some((k) => k.startsWith('ids'))).toBe(true);
        }
      });
    });

    describe('unique fields', () => {
      it('refuse a brand code already used in the site, not one used elsewhere', async () => {
        const code = `U${Math.floor(Math.random() * 1e6)}`;
        expect((await call('POST', api(brand), { ...(await fx.body('brand', 'rossi')), code })).statusCode).toBe(201);
        const dup = await call('POST', api(brand), { ...(await fx.body('brand', 'rossi')), code });
        expect(dup.statusCode).toBe(400);
        expect(json(dup).code).toEqual(['A brand with this code already exists.']);
        const elsewhere = await h.post(api(brand), { host: HOSTS.verdi, session: verdi, body: { ...(await fx.body('brand', 'verdi')), code } });
        expect(elsewhere.statusCode, elsewhere.body).toBe(201);
      });
    });

    describe('media references', () => {
      async function media(site: 'rossi' | 'verdi') {
        const now = nowIso();
        const key = `k${Math.random().toString(36).slice(2)}`;
        const row = await h.db
          .insertInto('media' as never)
          .values({
            tenant_id: await tenantId(h, site),
            file_key: key,
            name: 'tractor.webp',
            size: 1000,
            mime_type: 'image/webp',
            mime_group: 'image',
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id' as never)
          .executeTakeFirstOrThrow();
        return Number((row as { id: number }).id);
      }

      it("accept this site's media, refuse another site's on the element's path, and tell who uses a media", async () => {
        const mine = [await media('rossi'), await media('rossi')] as const;
        const theirs = await media('verdi');
        const body = await fx.body('product', 'rossi');
        const ok = await call('POST', api(product), { ...body, gallery: mine, brochure: mine[0] });
        expect(ok.statusCode, ok.body).toBe(201);
        expect(json(ok).gallery).toEqual(mine);
        const bad = await call('POST', api(product), { ...body, gallery: [mine[0], theirs], brochure: theirs });
        expect(bad.statusCode).toBe(400);
        expect(json(bad)).toEqual({
          'gallery.1': [`Invalid pk "${theirs}" - object does not exist.`],
          brochure: [`Invalid pk "${theirs}" - object does not exist.`],
        });
        const uses = await mediaUsages(await contextFor(h, 'rossi'), [mine[0]]);
        expect(uses).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ media: mine[0], entity: 'product', field: 'gallery', id: json(ok).id }),
            expect.objectContaining({ media: mine[0], entity: 'product', field: 'brochure', id: json(ok).id }),
          ]),
        );
        expect(await mediaUsages(await contextFor(h, 'verdi'), [mine[0]])).toEqual([]);
      });
    });

    describe('concurrent writers', () => {
      it('let exactly one of two updates from the same version win; the other gets 409', async () => {
        const id = await fx.create('tag', 'rossi');
        const results = await Promise.all([
          call('PATCH', api(tag, id), { order: 1, version: 1 }),
          call('PATCH', api(tag, id), { order: 2, version: 1 }),
          call('PATCH', api(tag, id), { order: 3, version: 1 }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
        const winner = json(results.find((r) => r.statusCode === 200)!);
        expect((await rowOf(h, tag, id))!.version).toBe(2);
        for (const r of results.filter((x) => x.statusCode === 409)) expect(json(r).current.order).toBe(winner.order);
      });
    });

    describe('join tables', () => {
      it('are read for rows of the reading site only, whatever ids it is asked for', async () => {
        const id = await fx.create('product', 'verdi');
        const own = await loadRecords(await contextFor(h, 'verdi'), product, [id]);
        expect((own.get(id)?.record.values.tags as number[]).length).toBeGreaterThan(0);
        const other = await loadRecords(await contextFor(h, 'rossi'), product, [id]);
        expect([...other.keys()]).toEqual([]);
      });
    });

    describe('cross-field checks', () => {
      it('refuse a featured product that ends before it starts', async () => {
        const body = await fx.body('featuredProduct', 'rossi', { valid_from: '2026-06-01', valid_to: '2026-05-01' });
        const res = await call('POST', api(featured), body);
        expect(res.statusCode).toBe(400);
        expect(json(res)).toEqual({ valid_to: ['The end date must not be before the start date.'] });
      });
    });
  },
  { resetBetweenTests: false },
);
