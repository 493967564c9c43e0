/**
 * What the declarations of issue 6 add beyond the generated suites: the cross-field rules
 * of promotions and used products, what happens to references when their target goes,
 * the public-content declarations, and the demo content each dealer site starts with.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldOf } from '../../entities/define.js';
import { entityNamed } from '../../entities/index.js';
import { api, entity, fixtures, HOSTS, json, snapshot } from './entity-fixtures.js';
import { seedDemo } from '../../server/seed/demo.js';
import { forgetTenants } from '../../server/services/tenants.js';
import { LocalDiskStorage } from '../../server/storage/index.js';
import { describeEachDialect, type Session } from './harness.js';

const promotion = entity('promotion');
const usedProduct = entity('usedProduct');
const usedCategory = entity('usedCategory');
const news = entity('news');
const brand = entity('brand');
const product = entity('product');
const category = entity('category');

describe('content declarations', () => {
  it('declare used products, promotions and news as public content, by a status option', () => {
    for (const [e, values] of [
      [usedProduct, ['published', 'sold']],
      [promotion, ['published']],
      [news, ['published']],
    ] as const) {
      expect(e.public?.publicValues).toEqual(values);
      const status = fieldOf(e, e.public!.statusField!);
      expect(status.type).toBe('select');
      const options = status.type === 'select' ? status.options.map((o: { value: string }) => o.value) : [];
      for (const v of values) expect(options).toContain(v);
      expect(e.public!.urlPattern).toMatch(/^\/\{lang\}\/\{[a-zA-Z]+\}\/\{slug\}$/);
    }
    // Read by the websites, but with no page of their own.
    expect(usedCategory.public?.urlPattern).toBeUndefined();
  });

  it('keep the spec models: used categories share the permission model of categories', () => {
    expect([usedProduct.model, usedCategory.model, promotion.model, news.model]).toEqual(['usedproduct', 'category', 'promo', 'news']);
    expect(entityNamed('usedCategory')!.path).toBe('/productsUsed/category');
  });
});

describeEachDialect(
  'dealer content rules',
  (h) => {
    let rossi: Session;
    const fx = fixtures(h);
    const host = HOSTS.rossi;
    beforeAll(async () => {
      rossi = await h.login('rossi', host);
    });
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => h.call(method, url, { host, session: rossi, body });

    describe('promotion validity', () => {
      it('refuses an end date before the start date on valid_to, and writes nothing', async () => {
        const body = await fx.body('promotion', 'rossi', { valid_from: '2026-06-10', valid_to: '2026-06-09' });
        const before = await snapshot(h, 'rossi');
        const res = await call('POST', api(promotion), body);
        expect(res.statusCode, res.body).toBe(400);
        expect(json(res)).toEqual({ valid_to: ['The end date must not be before the start date.'] });
        expect(await snapshot(h, 'rossi')).toEqual(before);
      });

      it('answers the problems as codes beside the same sentences when asked (x-problem-codes)', async () => {
        const body = await fx.body('promotion', 'rossi', { status: 'nope', order: 'many' });
        const plain = await call('POST', api(promotion), body);
        const coded = await h.call('POST', api(promotion), { host, session: rossi, body, headers: { 'x-problem-codes': '1' } });
        expect(coded.statusCode).toBe(400);
        const { $codes, ...sentences } = json(coded);
        expect(sentences).toEqual(json(plain));
        expect(Object.keys($codes).sort()).toEqual(Object.keys(sentences).sort());
        expect($codes.status).toEqual([{ code: 'choice', params: { value: 'nope' } }]);
        expect(sentences.status).toEqual(['"nope" is not a valid choice.']);
        for (const path of Object.keys(sentences)) expect($codes[path]).toHaveLength(sentences[path].length);
      });

      it('takes a one-day promotion and one with no end date', async () => {
        for (const valid_to of ['2026-06-10', null]) {
          const res = await call('POST', api(promotion), await fx.body('promotion', 'rossi', { valid_from: '2026-06-10', valid_to }));
          expect(res.statusCode, res.body).toBe(201);
          expect(json(res).valid_to).toBe(valid_to);
        }
      });

      it('checks a partial update against the stored dates', async () => {
        const id = await fx.create('promotion', 'rossi', { valid_from: '2026-06-01', valid_to: '2026-06-30' });
        const late = await call('PATCH', api(promotion, id), { valid_from: '2026-07-01', version: 1 });
        expect(late.statusCode, late.body).toBe(400);
        expect(Object.keys(json(late))).toEqual(['valid_to']);
        const ok = await call('PATCH', api(promotion, id), { valid_from: '2026-06-15', version: 1 });
        expect(ok.statusCode, ok.body).toBe(200);
      });

      it('needs a start date', async () => {
        const { valid_from: _, ...body } = await fx.body('promotion', 'rossi');
        const res = await call('POST', api(promotion), body);
        expect(res.statusCode).toBe(400);
        expect(json(res).valid_from).toEqual(['This field is required.']);
      });

      it('keeps a promotion whose brand is deleted, without the brand', async () => {
        const brandId = await fx.create('brand', 'rossi');
        const id = await fx.create('promotion', 'rossi', { brand: brandId });
        expect((await call('DELETE', api(brand, brandId))).statusCode).toBe(204);
        const row = json(await call('GET', api(promotion, id)));
        expect(row.brand).toBeNull();
      });
    });

    describe('used product price', () => {
      it('needs a price while it is shown, and not otherwise', async () => {
        const shown = await call('POST', api(usedProduct), await fx.body('usedProduct', 'rossi', { price: null, show_price: true }));
        expect(shown.statusCode, shown.body).toBe(400);
        expect(Object.keys(json(shown))).toEqual(['price']);
        const onRequest = await call('POST', api(usedProduct), await fx.body('usedProduct', 'rossi', { price: null, show_price: false }));
        expect(onRequest.statusCode, onRequest.body).toBe(201);
        const id = json(onRequest).id as number;
        const showing = await call('PATCH', api(usedProduct, id), { show_price: true, version: 1 });
        expect(showing.statusCode).toBe(400);
        expect(Object.keys(json(showing))).toEqual(['price']);
      });

      it('refuses a year before 1950 and negative hours', async () => {
        const res = await call('POST', api(usedProduct), await fx.body('usedProduct', 'rossi', { year: 1949, hours: -1 }));
        expect(res.statusCode).toBe(400);
        expect(Object.keys(json(res)).sort()).toEqual(['hours', 'year']);
      });

      it('refuses to delete a dealer category its used products are in (409), and deletes it once empty', async () => {
        const category = await fx.create('usedCategory', 'rossi');
        const machine = await fx.create('usedProduct', 'rossi', { category });
        const refused = await call('DELETE', api(usedCategory, category));
        expect(refused.statusCode, refused.body).toBe(409);
        expect(typeof json(refused).detail).toBe('string');
        expect((await call('DELETE', api(usedProduct, machine))).statusCode).toBe(204);
        expect((await call('DELETE', api(usedCategory, category))).statusCode).toBe(204);
      });

      it('refuses a category or brand of another dealer', async () => {
        const verdiCategory = await fx.create('usedCategory', 'verdi');
        const res = await call('POST', api(usedProduct), await fx.body('usedProduct', 'rossi', { category: verdiCategory }));
        expect(res.statusCode).toBe(400);
        expect(Object.keys(json(res))).toEqual(['category']);
      });
    });
  },
  { resetBetweenTests: false },
);

describeEachDialect(
  'demo content',
  (h) => {
    let rossi: Session;
    let verdi: Session;
    const host = HOSTS.rossi;
    const storage = () => new LocalDiskStorage(h.config.media.dir);
    const call = (method: 'GET', url: string) => h.call(method, url, { host, session: rossi });

    /** Every file under the media folder, as storage keys. */
    const storedKeys = () =>
      fs.existsSync(h.config.media.dir)
        ? fs
            .readdirSync(h.config.media.dir, { recursive: true, withFileTypes: true })
            .filter((d) => d.isFile())
            .map((d) => d.name)
        : [];

    beforeAll(async () => {
      // The harness seeds without pictures; this block wants the demo as `npm start` makes it.
      await seedDemo(h.db, { media: storage() });
      forgetTenants(h.db);
      rossi = await h.login('rossi', host);
      verdi = await h.login('verdi', HOSTS.verdi);
    });

    it('a demo reset files new pictures and removes the files of the old ones', async () => {
      const rows = async () =>
        Number(
          (
            await h.db
              .selectFrom('media')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = storedKeys();
      expect(before).toHaveLength((await rows()) * 3);
      await seedDemo(h.db, { media: storage() });
      forgetTenants(h.db);
      const after = storedKeys();
      expect(after).toHaveLength((await rows()) * 3);
      expect(after.filter((k) => before.includes(k))).toEqual([]);
      rossi = await h.login('rossi', host);
      verdi = await h.login('verdi', HOSTS.verdi);
    });

    describe('demo content', () => {
      const list = async (session: Session, siteHost: string, e: typeof news, query = '') => {
        const res = await h.get(`${api(e)}?items=100${query}`, { host: siteHost, session });
        expect(res.statusCode, res.body).toBe(200);
        return json(res) as { items: Array<Record<string, any>>; paginator: { count: number } };
      };

      it('gives each dealer used machines of its brands in several states, with pictures of its own library', async () => {
        for (const [session, siteHost] of [
          [rossi, HOSTS.rossi],
          [verdi, HOSTS.verdi],
        ] as const) {
          const used = await list(session, siteHost, usedProduct, '&fltr=status%3Dpublished');
          expect(used.paginator.count).toBeGreaterThanOrEqual(5);
          const all = await list(session, siteHost, usedProduct);
          expect(all.paginator.count).toBeGreaterThanOrEqual(10);
          expect(new Set(all.items.map((i) => i.status))).toEqual(new Set(['published', 'sold', 'draft', 'archived']));
          const first = json(await h.get(api(usedProduct, used.items[0]!.id), { host: siteHost, session }));
          expect(first.gallery.length).toBeGreaterThan(0);
          expect(first.location).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
          expect(first.translations.en.title).not.toBe('');
          expect(first.translations.it.description).toMatch(/^<p>/);
          const media = await h.get(`/api/media/${first.gallery[0]}`, { host: siteHost, session });
          expect(media.statusCode, media.body).toBe(200);
          const file = await h.get(new URL(json(media).url, 'http://x').pathname, { host: siteHost });
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-type']).toBe('image/jpeg');
          expect((await list(session, siteHost, usedCategory)).paginator.count).toBe(4);
        }
        // Rossi is mono-brand: every machine is a Deutz-Fahr.
        const rossiBrands = await list(rossi, HOSTS.rossi, brand);
        expect(rossiBrands.items.map((b) => b.code)).toEqual(['DF']);
      });

      it('shows every product, used machine, promotion, news item and category with a picture of its own site', async () => {
        for (const [session, siteHost] of [
          [rossi, HOSTS.rossi],
          [verdi, HOSTS.verdi],
        ] as const) {
          const own = new Map<number, boolean>();
          const isOwn = async (id: number) => {
            if (!own.has(id)) own.set(id, (await h.get(`/api/media/${id}`, { host: siteHost, session })).statusCode === 200);
            return own.get(id);
          };
          for (const [e, field] of [
            [product, 'gallery'],
            [usedProduct, 'gallery'],
            [promotion, 'image'],
            [news, 'image'],
            [category, 'image'],
          ] as const) {
            for (const row of (await list(session, siteHost, e)).items) {
              const detail = json(await h.get(api(e, row.id), { host: siteHost, session }));
              const pictures = field === 'gallery' ? detail.gallery : [detail.image];
              expect(pictures.length, `${e.name} ${row.id}`).toBeGreaterThan(0);
              for (const id of pictures) expect(await isOwn(id), `${e.name} ${row.id} shows media ${id} of its own library`).toBe(true);
            }
          }
        }
      });

      it('has current, expired and draft promotions and past, scheduled and draft news, in English and Italian', async () => {
        const today = new Date().toISOString().slice(0, 10);
        const promos = (await list(rossi, host, promotion)).items;
        expect(promos.some((p) => p.status === 'published' && p.valid_from <= today && (p.valid_to === null || p.valid_to >= today))).toBe(true);
        expect(promos.some((p) => p.valid_to !== null && p.valid_to < today)).toBe(true);
        expect(promos.some((p) => p.status === 'draft')).toBe(true);

        const now = new Date().toISOString();
        const items = (await list(rossi, host, news)).items;
        expect(items.length).toBeGreaterThanOrEqual(5);
        expect(items.some((n) => n.status === 'published' && n.publish_at < now)).toBe(true);
        expect(items.some((n) => n.status === 'published' && n.publish_at > now)).toBe(true);
        expect(items.some((n) => n.status === 'draft')).toBe(true);
        const detail = json(await call('GET', api(news, items[0]!.id)));
        expect(Object.keys(detail.translations).sort()).toEqual(['en', 'it']);
        expect(detail.translations.it.title).not.toBe(detail.translations.en.title);
        expect(detail.translations.en.body).toMatch(/<p>/);
      });
    });
  },
  { resetBetweenTests: false },
);
