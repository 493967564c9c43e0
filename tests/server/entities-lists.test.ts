/**
 * Lists: paging, sorting, word-prefix search, filters of every kind, the paginator's
 * count (from counters or capped), and 400s for parameters that make no sense.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../entities/index.js';
import { COUNT_CAP, DRIVER_CAP, WALK_COUNT_CAP, WALK_SCAN_CAP } from '../../server/list/caps.js';
import { reindexEntity } from '../../server/entities/maintenance.js';
import { nowIso } from '../../server/services/clock.js';
import { api, contextFor, fixtures, HOSTS, json, tenantId } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';
import { exactly } from '../tuples.js';

const byName = (n: string) => ENTITIES.find((e) => e.name === n)!;
const tag = byName('tag');
const product = byName('product');
const featured = byName('featuredProduct');

describeEachDialect(
  'entity lists',
  (h) => {
    let rossi: Session;
    let def = '';
    let other = '';
    const fx = fixtures(h);
    const host = HOSTS.rossi;
    const marker = () => `zq${Math.random().toString(36).slice(2, 10)}`;
    const get = async (url: string) => {
      const res = await h.get(url, { host, session: rossi });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return json(res) as { items: Array<Record<string, any>>; paginator: Record<string, any> };
    };
    const titles = (r: { items: Array<Record<string, any>> }, field = 'title') => r.items.map((i) => i[field]);

    beforeAll(async () => {
      rossi = await h.login('rossi', host);
      const site = (await contextFor(h, 'rossi')).site;
      def = site.default_language;
      other = site.languages.find((l) => l !== def)!;
    });

    async function tags(mark: string, n: number) {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        ids.push(
          await fx.create('tag', 'rossi', {
            order: i % 5,
            translations: { [def]: { title: `${mark} ${String.fromCharCode(97 + ((i * 7) % 26))} ${i}` }, [other]: { title: `${mark} altro ${i}` } },
          }),
        );
      }
      return ids;
    }

    describe('paging', () => {
      it('pages 10 rows by default, up to 100 with items, and answers the last page for a page beyond it', async () => {
        const mark = marker();
        await tags(mark, 23);
        const first = await get(`${api(tag)}?search=${mark}`);
        expect(first.items).toHaveLength(10);
        expect(first.paginator).toEqual({ count: 23, page: 1, pages: 3, page_size: 10, has_next: true, has_previous: false, count_exact: true });
        const last = await get(`${api(tag)}?search=${mark}&page=3`);
        expect(last.items).toHaveLength(3);
        expect(last.paginator).toMatchObject({ page: 3, has_next: false, has_previous: true });
        const beyond = await get(`${api(tag)}?search=${mark}&page=99`);
        expect(beyond.paginator.page).toBe(3);
        expect(beyond.items).toEqual(last.items);
        const five = await get(`${api(tag)}?search=${mark}&items=5&page=2`);
        expect(five.paginator).toMatchObject({ pages: 5, page: 2, page_size: 5 });
        const many = await get(`${api(tag)}?search=${mark}&items=1000`);
        expect(many.paginator.page_size).toBe(100);
        expect(many.items).toHaveLength(23);
        const none = await get(`${api(tag)}?search=${marker()}`);
        expect(none.paginator).toEqual({ count: 0, page: 1, pages: 1, page_size: 10, has_next: false, has_previous: false, count_exact: true });
        expect(none.items).toEqual([]);
      });

      it('never repeats or skips a row across pages', async () => {
        const mark = marker();
        const ids = await tags(mark, 17);
        const seen: number[] = [];
        for (let page = 1; page <= 4; page++) seen.push(...(await get(`${api(tag)}?search=${mark}&items=5&page=${page}&sort=order`)).items.map((i) => i.id));
        expect(seen.sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
      });
    });

    describe('sorting', () => {
      it('sorts by a declared field either way, ties broken by id in the same direction', async () => {
        const mark = marker();
        const ids = await tags(mark, 10);
        const asc = await get(`${api(tag)}?search=${mark}&sort=order`);
        const orders = asc.items.map((i) => i.order);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
        for (const [i, item] of asc.items.entries()) {
          const before = asc.items[i - 1];
          if (before && item.order === before.order) expect(item.id).toBeGreaterThan(before.id);
        }
        const desc = await get(`${api(tag)}?search=${mark}&sort=-order`);
        expect(desc.items.map((i) => i.id)).toEqual([...asc.items.map((i) => i.id)].reverse());
        const byId = await get(`${api(tag)}?search=${mark}&sort=-id`);
        expect(byId.items.map((i) => i.id)).toEqual([...ids].sort((a, b) => b - a));
      });

      it('sorts by a translated title in the default language', async () => {
        const mark = marker();
        await tags(mark, 8);
        const asc = titles(await get(`${api(tag)}?search=${mark}&sort=title`));
        expect(asc).toEqual([...asc].sort());
        const desc = titles(await get(`${api(tag)}?search=${mark}&sort=-title,order`));
        expect(desc).toEqual([...asc].reverse());
      });

      it('uses the declared default sort', async () => {
        const mark = marker();
        await tags(mark, 6);
        const plain = await get(`${api(tag)}?search=${mark}`);
        const explicit = await get(`${api(tag)}?search=${mark}&sort=${tag.list.sort}`);
        expect(plain.items).toEqual(explicit.items);
      });
    });

    describe('search', () => {
      it('matches word prefixes, folding case and accents, in every language, all words required', async () => {
        const mark = marker();
        const id = await fx.create('product', 'rossi', {
          sku: `SKU-${mark.toUpperCase()}-5080`,
          translations: { [def]: { name: `Trattore Élite ${mark}` }, [other]: { name: `Tractor Tough ${mark}` } },
        });
        for (const q of [`elit ${mark}`, `ÉLITE ${mark.slice(0, 5)}`, `TOUGH ${mark}`, `${mark} 5080`, `sku-${mark}`]) {
          expect(
            (await get(`${api(product)}?search=${encodeURIComponent(q)}`)).items.map((i) => i.id),
            q,
          ).toEqual([id]);
        }
        for (const q of [`elite ${mark} nothing`, `lite ${mark}`, `${mark}x`]) {
          expect((await get(`${api(product)}?search=${encodeURIComponent(q)}`)).items, q).toEqual([]);
        }
      });

      it('finds a row by its new words after an update, and no longer by its old ones', async () => {
        const a = marker();
        const b = marker();
        const id = await fx.create('tag', 'rossi', { translations: { [def]: { title: `${a}` } } });
        // The slug (also searched) is cleared so that it is made again from the new title.
        const res = await h.call('PATCH', api(tag, id), { host, session: rossi, body: { slug: '', translations: { [def]: { title: b } }, version: 1 } });
        expect(res.statusCode).toBe(200);
        expect(json(res).slug).toBe(b);
        expect((await get(`${api(tag)}?search=${a}`)).items).toEqual([]);
        expect((await get(`${api(tag)}?search=${b}`)).items.map((i) => i.id)).toEqual([id]);
      });
    });

    describe('filters', () => {
      it('filters by select values, fk ids (and null), m2m ids and booleans', async () => {
        const mark = marker();
        const brandA = await fx.create('brand', 'rossi');
        const brandB = await fx.create('brand', 'rossi');
        const tagX = await fx.create('tag', 'rossi');
        const tagY = await fx.create('tag', 'rossi');
        const mk = (status: string, brand: number, tags: number[], category?: null) =>
          fx.create('product', 'rossi', {
            status,
            brand,
            tags,
            ...(category === null ? { category: null } : {}),
            translations: { [def]: { name: `${mark} ${status}` } },
          });
        const p1 = await mk('draft', brandA, [tagX]);
        const p2 = await mk('published', brandA, [tagY], null);
        const p3 = await mk('archived', brandB, [tagX, tagY]);
        const ids = async (q: string) => (await get(`${api(product)}?search=${mark}&${q}`)).items.map((i) => i.id).sort((a, b) => a - b);
        expect(await ids('fltr=status=draft')).toEqual([p1]);
        expect(await ids('fltr=status=draft,archived')).toEqual([p1, p3]);
        expect(await ids(`fltr=brand=${brandA}`)).toEqual([p1, p2]);
        expect(await ids(`fltr=brand=${brandA}&fltr=status=published`)).toEqual([p2]);
        expect(await ids('fltr=category=null')).toEqual([p2]);
        expect(await ids(`fltr=tags=${tagX}`)).toEqual([p1, p3]);
        expect(await ids(`fltr=tags=${tagX},${tagY}`)).toEqual([p1, p2, p3]);
        const brands = byName('brand');
        await h.call('PATCH', api(brands, brandB), { host, session: rossi, body: { is_active: false, version: 1 } });
        const inactive = (await get(`${api(brands)}?fltr=is_active=false&items=100`)).items.map((i) => i.id);
        expect(inactive).toContain(brandB);
        expect(inactive).not.toContain(brandA);
      });

      it('filters dates by closed and open ranges and by a single day', async () => {
        const mark = marker();
        const mk = (from: string, to: string) =>
          fx.create('featuredProduct', 'rossi', { valid_from: from, valid_to: to, translations: { [def]: { badge: mark } } });
        const jan = await mk('2026-01-10', '2026-01-31');
        const mar = await mk('2026-03-01', '2026-03-31');
        const dec = await mk('2026-12-01', '2027-01-15');
        const ids = async (q: string) => (await get(`${api(featured)}?search=${mark}&${q}`)).items.map((i) => i.id).sort((a, b) => a - b);
        expect(await ids('fltr=valid_from=2026-01-01..2026-03-01')).toEqual([jan, mar]);
        expect(await ids('fltr=valid_from=2026-02-01..')).toEqual([mar, dec]);
        expect(await ids('fltr=valid_from=..2026-01-10')).toEqual([jan]);
        expect(await ids('fltr=valid_from=2026-03-01')).toEqual([mar]);
        expect(await ids('fltr=valid_to=2027-01-01..2027-12-31')).toEqual([dec]);
      });
    });

    describe('the paginator count', () => {
      async function dbCount(where?: { column: string; value: unknown }) {
        let q = h.db
          .selectFrom('products' as never)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id' as never, '=', (await tenantId(h, 'rossi')) as never);
        if (where) q = q.where(where.column as never, '=', where.value as never);
        return Number((await q.executeTakeFirstOrThrow()).n);
      }

      it('is exact for the whole list and per facet value, through creates, updates and deletes', async () => {
        const brand = await fx.create('brand', 'rossi');
        const check = async () => {
          expect((await get(api(product))).paginator.count).toBe(await dbCount());
          for (const status of ['draft', 'published', 'archived']) {
            expect((await get(`${api(product)}?fltr=status=${status}`)).paginator.count, status).toBe(await dbCount({ column: 'status', value: status }));
          }
          expect((await get(`${api(product)}?fltr=brand=${brand}`)).paginator.count).toBe(await dbCount({ column: 'brand_id', value: brand }));
          expect((await get(`${api(product)}?fltr=status=draft,published`)).paginator.count).toBe(
            (await dbCount({ column: 'status', value: 'draft' })) + (await dbCount({ column: 'status', value: 'published' })),
          );
        };
        await check();
        const a = await fx.create('product', 'rossi', { brand, status: 'draft' });
        const b = await fx.create('product', 'rossi', { brand, status: 'published' });
        await check();
        await h.call('PATCH', api(product, a), { host, session: rossi, body: { status: 'archived', version: 1 } });
        await check();
        await h.call('DELETE', api(product, b), { host, session: rossi });
        await check();
        const c = await fx.create('product', 'rossi', { brand });
        await h.post(`${api(product)}bulk_delete/`, { host, session: rossi, body: { ids: [a, c] } });
        await check();
      });

      /** A site of its own with a tag per title, filled around the engine as a bulk loader would, then reindexed. */
      async function bulkSite(domain: string, titles: string[]) {
        const now = nowIso();
        const { id: site } = await h.db
          .insertInto('tenants')
          .values({
            name: domain,
            kind: 'dealer',
            brand_list: '["DF"]',
            languages: '["en"]',
            default_language: 'en',
            is_active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await h.db.insertInto('tenant_domains').values({ domain, tenant_id: site, is_primary: 1 }).execute();
        const rows = titles.map((title, i) => ({
          tenant_id: site,
          title,
          slug: `bulk-tag-${i}`,
          order: i % 10,
          translations: JSON.stringify({ en: { title } }),
          version: 1,
          created_at: now,
          updated_at: now,
        }));
        for (let i = 0; i < rows.length; i += 1000)
          await h.db
            .insertInto('tags' as never)
            .values(rows.slice(i, i + 1000) as never)
            .execute();
        await reindexEntity(h.db, 'tag');
      }

      it('stops counting at the cap and says so', async () => {
        await bulkSite(
          'bulk.localhost',
          Array.from({ length: COUNT_CAP + 5 }, (_, i) => `Bulk tag ${i}`),
        );
        const admin = await h.login('admin', 'bulk.localhost');
        const all = json(await h.get(`${api(tag)}?items=100&page=50`, { host: 'bulk.localhost', session: admin }));
        expect(all.paginator).toMatchObject({ count: COUNT_CAP + 5, count_exact: true, pages: Math.ceil((COUNT_CAP + 5) / 100), page: 50 });
        const searched = json(await h.get(`${api(tag)}?search=bulk`, { host: 'bulk.localhost', session: admin }));
        expect(searched.paginator).toMatchObject({ count: WALK_COUNT_CAP, count_exact: false, has_next: true });
        // Every word frequent: the list walks its sort index and probes each row's words.
        const both = json(await h.get(`${api(tag)}?search=bulk+tag&sort=-id&page=2`, { host: 'bulk.localhost', session: admin }));
        expect(both.paginator).toMatchObject({ count: WALK_COUNT_CAP, count_exact: false, page: 2 });
        expect(both.items.map((i: { title: string }) => i.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk tag ${COUNT_CAP + 4 - 10 - i}`));
        const narrow = json(await h.get(`${api(tag)}?search=bulk+9999`, { host: 'bulk.localhost', session: admin }));
        expect(narrow.paginator).toMatchObject({ count: 1, count_exact: true });
        expect(narrow.items[0].title).toBe('Bulk tag 9999');
        // Other sites' counts did not move with the reindex.
        const rossiTags = json(await h.get(api(tag), { host, session: rossi })).paginator.count;
        const inDb = await h.db
          .selectFrom('tags' as never)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id' as never, '=', (await tenantId(h, 'rossi')) as never)
          .executeTakeFirstOrThrow();
        expect(rossiTags).toBe(Number(inDb.n));
      });

      it('examines a bounded number of rows for a frequent word, and says when it stopped', async () => {
        // `late` is frequent (too many rows to drive the search) but none of the first
        // WALK_SCAN_CAP tags by id holds it: the walk stops there rather than read every tag.
        const early = WALK_SCAN_CAP + 500;
        await bulkSite(
          'late.localhost',
          Array.from({ length: early + DRIVER_CAP + 10 }, (_, i) => (i < early ? `Early tag ${i}` : `Late tag ${i}`)),
        );
        const admin = await h.login('admin', 'late.localhost');
        const list = async (q: string) => json(await h.get(`${api(tag)}?${q}`, { host: 'late.localhost', session: admin }));
        const stopped = await list('search=late&sort=id');
        expect(stopped.items).toEqual([]);
        expect(stopped.paginator).toMatchObject({ count: 0, count_exact: false, searched_rows: WALK_SCAN_CAP, pages: 1 });
        // The other way round the late tags come first: a full page, no stop.
        const newest = await list('search=late&sort=-id');
        expect(newest.items).toHaveLength(10);
        expect(newest.paginator).toMatchObject({ count: WALK_COUNT_CAP, count_exact: false });
        expect(newest.paginator.searched_rows).toBeUndefined();
        // A rare word drives the search as before: exact, whatever the list's order.
        const rare = await list(`search=late+${early + 7}&sort=id`);
        expect(rare.paginator).toMatchObject({ count: 1, count_exact: true });
        expect(rare.paginator.searched_rows).toBeUndefined();
      });
    });

    describe('list items', () => {
      it('carry the list columns, the title, the version, _refs, whether a draft is pending and the scheduled actions, without translations', async () => {
        const id = await fx.create('product', 'rossi');
        const [item] = exactly((await get(`${api(product)}?sort=-id&items=1`)).items, 1);
        expect(item.id).toBe(id);
        const builtins = ['version', 'created_at', 'updated_at', '_refs', 'has_draft', 'schedule'];
        expect(Object.keys(item).sort()).toEqual(
          [...new Set(['id', ...product.list.columns.filter((c) => c in product.fields), product.titleField, ...builtins])].sort(),
        );
        expect(item.has_draft).toBe(false);
        expect(item.schedule).toEqual({ publish_at: null, unpublish_at: null });
        expect(item._refs.brand).toEqual({ id: item.brand, title: expect.any(String) });
        expect(item).not.toHaveProperty('translations');
      });
    });

    describe('bad parameters', () => {
      it('answer 400 on the parameter', async () => {
        const cases: Array<[string, string]> = [
          ['page=0', 'page'],
          ['page=abc', 'page'],
          ['page=1&page=2', 'page'],
          ['items=0', 'items'],
          ['items=-5', 'items'],
          ['sort=nope', 'sort'],
          ['sort=description', 'sort'],
          ['sort=tags', 'sort'],
          ['fltr=nope=1', 'fltr'],
          ['fltr=status', 'fltr'],
          ['fltr=status=bogus', 'fltr'],
          ['fltr=brand=abc', 'fltr'],
          ['fltr=brand=99999999999', 'fltr'],
          ['fltr=name=x', 'fltr'],
          [`search=${'x'.repeat(201)}`, 'search'],
          ['language_code=xx', 'language_code'],
          ['language_code=en&language_code=it', 'language_code'],
        ];
        for (const [q, key] of cases) {
          const res = await h.get(`${api(product)}?${q}`, { host, session: rossi });
          expect(res.statusCode, q).toBe(400);
          expect(Array.isArray(json(res)[key]), `${q}: ${res.body}`).toBe(true);
        }
        for (const [q, key] of [
          ['fltr=valid_from=2026-13-01..', 'fltr'],
          ['fltr=valid_from=yesterday', 'fltr'],
          ['fltr=valid_from=..', 'fltr'],
        ] as const) {
          const res = await h.get(`${api(featured)}?${q}`, { host, session: rossi });
          expect(res.statusCode, q).toBe(400);
          expect(Array.isArray(json(res)[key])).toBe(true);
        }
      });

      it('ignores parameters it does not know and empty ones', async () => {
        const res = await h.get(`${api(product)}?foo=bar&search=&page=&items=&fltr=`, { host, session: rossi });
        expect(res.statusCode, res.body).toBe(200);
      });
    });
  },
  { resetBetweenTests: false },
);
