/**
 * The delivery API (issue 15): what a dealer's website may read, generated from the
 * declarations — every public entity × status × date window × language shows exactly the
 * public rows; no site sees another's; no answer carries a field its declaration keeps
 * internal; paths resolve per language with their alternates.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EntityDef, fieldOf } from '../../entities/define.js';
import { ENTITIES } from '../../entities/index.js';
import { publicPath } from '../../entities/publicPaths.js';
import { sitePageInfo } from '../../entities/sitePages/keys.js';
import { loadRecord } from '../../server/entities/read.js';
import { slugOf } from '../../server/public/present.js';
import { PUBLIC_API, publicEntities } from '../../server/public/routes.js';
import type { PublicEntity } from '../../server/public/collections.js';
import { image } from './fixtures/media.js';
import { type MediaJson, upload, uploaded } from './fixtures/mediaApi.js';
import { contextFor, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, SESSION_COOKIE } from './harness.js';

const PUBLIC = publicEntities(ENTITIES);
const LANGS = ['it', 'en'] as const;

interface Case {
  label: string;
  overrides: Record<string, unknown>;
  visible: boolean;
}

const cross = (a: Case[], b: Case[]): Case[] =>
  a.flatMap((x) => b.map((y) => ({ label: `${x.label} ${y.label}`.trim(), overrides: { ...x.overrides, ...y.overrides }, visible: x.visible && y.visible })));

/** Every status × window a declaration allows, and whether the row must then be public. */
function casesOf(e: PublicEntity): Case[] {
  const def = e.public;
  let cases: Case[] = [{ label: '', overrides: {}, visible: true }];
  if (def.statusField) {
    const field = fieldOf(e, def.statusField);
    const values: (string | boolean)[] = field.type === 'select' ? field.options.map((o) => o.value) : [true, false];
    cases = cross(
      cases,
      values.map((v) => ({ label: `${def.statusField}=${v}`, overrides: { [def.statusField!]: v }, visible: (def.publicValues ?? []).includes(v) })),
    );
  }
  const when = (name: string, year: number) => (fieldOf(e, name).type === 'date' ? `${year}-01-01` : `${year}-01-01T00:00:00.000Z`);
  if (def.from) {
    const from = [
      { label: 'from past', overrides: { [def.from]: when(def.from, 2020) }, visible: true },
      { label: 'from future', overrides: { [def.from]: when(def.from, 2099) }, visible: false },
    ];
    if (!fieldOf(e, def.from).required) from.push({ label: 'from none', overrides: { [def.from]: '' }, visible: true });
    cases = cross(cases, from);
  }
  if (def.to) {
    cases = cross(cases, [
      { label: 'to future', overrides: { [def.to]: when(def.to, 2100) }, visible: true },
      { label: 'to past', overrides: { [def.to]: when(def.to, 2021) }, visible: false },
      { label: 'to none', overrides: { [def.to]: '' }, visible: true },
    ]);
    // A window may not end before it starts (entities/dateChecks.ts).
    cases = cases.filter((c) => !(String(c.overrides[def.from ?? ''] ?? '').startsWith('2099') && c.label.includes('to past')));
  }
  return cases;
}

const url = (e: PublicEntity, rest = '') => `${PUBLIC_API}/${e.public.collection}/${rest}`;
const allowedKeys = (e: EntityDef & { public: { fields: readonly string[]; urlPattern?: string } }) =>
  ['id', ...e.public.fields, 'fallback', ...(e.public.urlPattern ? ['path'] : [])].sort();

describeEachDialect('the delivery API', (h) => {
  const fx = fixtures(h);
  const rossi = { host: HOSTS.rossi };

  /** Every id a public list holds in a language, page by page. */
  async function listedIds(e: PublicEntity, lang: string): Promise<Set<number>> {
    const ids = new Set<number>();
    for (let page = 1; ; page++) {
      const body = json(await h.get(`${url(e)}?lang=${lang}&items=100&page=${page}`, rossi));
      expect(body.language).toBe(lang);
      for (const item of body.items) ids.add(item.id);
      if (!body.paginator.has_next) return ids;
    }
  }

  async function addressOf(e: PublicEntity, id: number, lang: string) {
    const ctx = await contextFor(h, 'rossi');
    const loaded = await loadRecord(ctx, e, id);
    return slugOf(e, loaded!.record, lang, ctx.site.default_language) ?? String(id);
  }

  describe('visibility matrix, from the declarations', () => {
    for (const e of PUBLIC) {
      it(`${e.name}: exactly the rows public now, in every language`, async () => {
        const made = [];
        for (const c of casesOf(e)) made.push({ ...c, id: await fx.create(e.name, 'rossi', c.overrides) });
        expect(made.some((m) => m.visible)).toBe(true);
        for (const lang of LANGS) {
          const listed = await listedIds(e, lang);
          for (const m of made) {
            expect(listed.has(m.id), `${e.name} ${m.label} listed in ${lang}`).toBe(m.visible);
            const res = await h.get(`${url(e, encodeURIComponent(await addressOf(e, m.id, lang)))}?lang=${lang}`, rossi);
            expect(res.statusCode, `${e.name} ${m.label} read in ${lang}: ${res.body.slice(0, 120)}`).toBe(m.visible ? 200 : 404);
            if (m.visible) expect(json(res).item.id).toBe(m.id);
          }
        }
      });
    }
  });

  describe('no private field leaves', () => {
    it('every list item and row carries exactly id, the declared public fields and fallback', async () => {
      for (const e of PUBLIC) {
        const id = await fx.create(e.name, 'rossi', casesOf(e).find((c) => c.visible)!.overrides);
        const list = json(await h.get(`${url(e)}?items=100`, rossi));
        expect(list.items.length, e.name).toBeGreaterThan(0);
        for (const item of list.items) expect(Object.keys(item).sort(), e.name).toEqual(allowedKeys(e));
        const one = json(await h.get(url(e, encodeURIComponent(await addressOf(e, id, 'it'))), rossi));
        expect(Object.keys(one).sort()).toEqual(['alternates', 'item', 'language']);
        expect(Object.keys(one.item).sort(), e.name).toEqual(allowedKeys(e));
      }
    });

    it('a site page carries its declared fields, and the site answer its fixed set', async () => {
      const page = json(await h.get(`${PUBLIC_API}/pages/contacts?lang=en`, rossi));
      const contacts = ENTITIES.find((e) => e.name === 'sitePageContacts')!;
      expect(Object.keys(page).sort()).toEqual(['alternates', 'key', 'language', ...allowedKeys(contacts as never)].sort());
      expect(page).toMatchObject({ language: 'en', key: 'contacts', path: '/en/contacts', alternates: { it: '/it/contatti', en: '/en/contacts' } });
      const site = json(await h.get(`${PUBLIC_API}/site`, rossi));
      expect(Object.keys(site).sort()).toEqual(
        [
          'brand_list',
          'colours',
          'contacts',
          'default_language',
          'domain',
          'fallback',
          'language',
          'languages',
          'location',
          'logo',
          'menu',
          'name',
          'opening_hours',
          'social_links',
          'footer_text',
        ].sort(),
      );
      expect(site).toMatchObject({ language: 'it', name: 'Rossi Trattori', languages: ['it', 'en'], default_language: 'it' });
    });

    it('a draft product behind a featured one is not shown', async () => {
      const draft = await fx.create('product', 'rossi', { status: 'draft' });
      const featured = await fx.create('featuredProduct', 'rossi', { product: draft, valid_from: '', valid_to: '' });
      const body = json(
        await h.get(
          url(
            PUBLIC.find((e) => e.name === 'featuredProduct')!,
            String(featured),
          ),
          rossi,
        ),
      );
      expect(body.item.product).toBeNull();
    });
    it('a price the dealer keeps to itself (show_price off) never leaves, in a list or a row', async () => {
      for (const name of ['product', 'usedProduct']) {
        const e = PUBLIC.find((p) => p.name === name)!;
        const id = await fx.create(name, 'rossi', { ...casesOf(e).find((c) => c.visible)!.overrides, price: 12345, show_price: false });
        const list = json(await h.get(`${url(e)}?items=100`, rossi));
        const listed = list.items.find((i: { id: number }) => i.id === id);
        expect(listed, name).toMatchObject({ price: null, show_price: false });
        const one = json(await h.get(url(e, encodeURIComponent(await addressOf(e, id, 'it'))), rossi));
        expect(one.item, name).toMatchObject({ price: null, show_price: false });
        expect(JSON.stringify(one)).not.toContain('12345');
      }
    });
  });

  describe('list parameters', () => {
    it('searches only public words: a used product is found by its title, never by its internal stock number', async () => {
      const e = PUBLIC.find((p) => p.name === 'usedProduct')!;
      const n = fx.next();
      const body = await fx.body('usedProduct', 'rossi', { ...casesOf(e).find((c) => c.visible)!.overrides, stock_number: `QXW${n}` });
      (body.translations as Record<string, { title: string }>).it!.title = `Trattore zorblat${n}`;
      const id = await fx.create('usedProduct', 'rossi', body);
      const found = async (search: string) => json(await h.get(`${url(e)}?search=${search}&items=100`, rossi)).items.map((i: { id: number }) => i.id);
      expect(await found(`zorblat${n}`)).toContain(id);
      expect(await found(`qxw${n}`)).not.toContain(id);
      const admin = await h.login('rossi', HOSTS.rossi);
      const backOffice = json(await h.get(`/api${e.path}/?search=qxw${n}`, { host: HOSTS.rossi, session: admin }));
      expect(backOffice.items.map((i: { id: number }) => i.id)).toContain(id);
    });
    it('never orders by a price the dealer keeps to itself: no public sort by a field shownWhen hides', async () => {
      for (const name of ['product', 'usedProduct']) {
        const e = PUBLIC.find((p) => p.name === name)!;
        const visible = casesOf(e).find((c) => c.visible)!.overrides;
        for (const price of [111, 999]) await fx.create(name, 'rossi', { ...visible, price, show_price: false });
        for (const sort of ['price', '-price']) {
          const res = await h.get(`${url(e)}?sort=${sort}`, rossi);
          expect(res.statusCode, `${name} ${sort}: ${res.body.slice(0, 120)}`).toBe(400);
          expect(json(res)).toHaveProperty('sort');
        }
      }
    });

    const products = () => url(PUBLIC.find((e) => e.name === 'product')!);

    it('takes only the sorts, filters and search declared public', async () => {
      for (const [query, field] of [
        ['sort=status', 'sort'],
        ['sort=sku', 'sort'],
        ['fltr=status%3Ddraft', 'fltr'],
        ['page=0', 'page'],
        ['unknown=1', undefined],
      ] as const) {
        const res = await h.get(`${products()}?${query}`, rossi);
        expect(res.statusCode, query).toBe(400);
        if (field) expect(json(res), query).toHaveProperty(field);
      }
      const sorted = json(await h.get(`${products()}?sort=-model_year&items=50`, rossi));
      // Where rows without a year go is the dialect's (PostgreSQL sorts nulls first when descending).
      const years = sorted.items.map((i: { model_year: number | null }) => i.model_year).filter((y: number | null) => y !== null);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      expect(sorted.paginator.page_size).toBe(50);
      expect(years.length).toBeGreaterThan(1);
      expect((await h.get(`${url(PUBLIC.find((e) => e.name === 'tag')!)}?search=x`, rossi)).statusCode).toBe(400);
    });
  });

  describe('isolation', () => {
    const product = () => PUBLIC.find((e) => e.name === 'product')!;

    it('shows nothing of another site: not in a list, not by its slug, not by its path', async () => {
      const id = await fx.create('product', 'verdi', { status: 'published' });
      const slug = json(await h.get(url(product(), ''), { host: HOSTS.verdi })).items.find((i: { id: number }) => i.id === id)?.slug;
      expect(slug).toBeTruthy();
      expect(await listedIds(product(), 'it')).not.toContain(id);
      expect((await h.get(url(product(), slug), rossi)).statusCode).toBe(404);
      expect((await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(`/it/prodotti/${slug}`)}`, rossi)).statusCode).toBe(404);
    });

    it('answers 404 on the master host and on unknown hosts, for every delivery route', async () => {
      const routes = h.routes.filter(
        (r) => (r.config as { access?: { kind: string } } | undefined)?.access?.kind === 'delivery' && [r.method].flat().includes('GET'),
      );
      expect(routes.length).toBeGreaterThan(20);
      for (const r of routes) {
        const path = r.url.replace(':key', 'home').replace(':slug', 'x') + (r.url.endsWith('/route') ? '?path=/it/' : '');
        for (const host of [HOSTS.master, 'nowhere.localhost']) expect((await h.get(path, { host })).statusCode, `${host} ${path}`).toBe(404);
        expect((await h.get(path, rossi)).statusCode, path).not.toBe(500);
      }
    });

    it('reads no session and sets no cookie', async () => {
      const session = await h.login('rossi', HOSTS.rossi);
      const signedIn = await h.get(`${PUBLIC_API}/site`, { host: HOSTS.rossi, headers: { cookie: `${SESSION_COOKIE}=${session.token}` } });
      const anonymous = await h.get(`${PUBLIC_API}/site`, rossi);
      expect(signedIn.body).toBe(anonymous.body);
      expect(signedIn.headers['set-cookie']).toBeUndefined();
      expect(anonymous.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('languages', () => {
    let id: number;
    let slugs: Record<string, string>;
    beforeAll(async () => {
      const body = await fx.body('product', 'rossi', { status: 'published' });
      const tr = body.translations as Record<string, Record<string, unknown>>;
      tr.it = { ...tr.it, slug: `trattore-${fx.next()}`, summary: 'Solo in italiano' };
      tr.en = { ...tr.en, slug: `tractor-${fx.next()}`, summary: '' };
      id = await fx.create('product', 'rossi', body);
      slugs = { it: tr.it.slug as string, en: tr.en.slug as string };
    });

    it('answers in the asked language, the default one otherwise, and refuses one the site lacks', async () => {
      expect(
        json(
          await h.get(
            url(
              PUBLIC.find((e) => e.name === 'product')!,
              slugs.it,
            ),
            rossi,
          ),
        ).language,
      ).toBe('it');
      const res = await h.get(`${PUBLIC_API}/site?lang=de`, rossi);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toHaveProperty('lang');
    });

    it('falls back to the default language for a field missing in the asked one, and says so', async () => {
      const body = json(
        await h.get(
          `${url(
            PUBLIC.find((e) => e.name === 'product')!,
            slugs.en,
          )}?lang=en`,
          rossi,
        ),
      );
      expect(body.language).toBe('en');
      expect(body.item.summary).toBe('Solo in italiano');
      expect(body.item.fallback).toEqual(['summary']);
    });

    it("names each row's page: in the asked language, else in the default one where its slug is only there; route resolves both", async () => {
      const product = PUBLIC.find((e) => e.name === 'product')!;
      const body = await fx.body('product', 'rossi', { status: 'published' });
      const tr = body.translations as Record<string, Record<string, unknown>>;
      tr.it = { ...tr.it, slug: `solo-italiano-${fx.next()}` };
      delete tr.en;
      const only = await fx.create('product', 'rossi', body);
      const featured = await fx.create('featuredProduct', 'rossi', { product: id, valid_from: null, valid_to: null });
      const pathsIn = async (lang: string) => {
        const byId = new Map<number, string | null>();
        for (let page = 1; ; page++) {
          const list = json(await h.get(`${url(product)}?lang=${lang}&items=100&page=${page}`, rossi));
          for (const item of list.items) byId.set(item.id, item.path);
          if (!list.paginator.has_next) return byId;
        }
      };
      const en = await pathsIn('en');
      expect(en.get(id)).toBe(`/en/products/${slugs.en}`);
      expect(en.get(only)).toBe(`/it/prodotti/${tr.it.slug as string}`);
      expect((await pathsIn('it')).get(id)).toBe(`/it/prodotti/${slugs.it}`);
      for (const path of [en.get(id)!, en.get(only)!])
        expect((await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(path)}`, rossi)).statusCode).toBe(200);
      const { item } = json(
        await h.get(
          url(
            PUBLIC.find((e) => e.name === 'featuredProduct')!,
            `${featured}?lang=en`,
          ),
          rossi,
        ),
      );
      expect(item.product).toMatchObject({ id, path: `/en/products/${slugs.en}` });
    });

    it('resolves a path in each language, with the alternates of every language', async () => {
      const alternates = { it: `/it/prodotti/${slugs.it}`, en: `/en/products/${slugs.en}` };
      for (const lang of LANGS) {
        const body = json(await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(alternates[lang])}`, rossi));
        expect(body).toMatchObject({ type: 'product', language: lang, alternates });
        expect(body.object.id).toBe(id);
        expect(body).toHaveProperty('seo');
      }
      // A path is one language's: the English segment with the Italian slug is nothing.
      expect((await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(`/en/products/${slugs.it}`)}`, rossi)).statusCode).toBe(404);
      expect((await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(`/it/products/${slugs.it}`)}`, rossi)).statusCode).toBe(404);
      expect((await h.get(`${PUBLIC_API}/route?path=/de/`, rossi)).statusCode).toBe(404);
    });

    it('resolves the site pages by their translated paths', async () => {
      for (const [path, key, lang] of [
        ['/it/', 'home', 'it'],
        ['/en', 'home', 'en'],
        ['/it/chi-siamo', 'about_us', 'it'],
        ['/en/about-us/', 'about_us', 'en'],
        ['/it/usato', 'used_product_list', 'it'],
      ] as const) {
        const body = json(await h.get(`${PUBLIC_API}/route?path=${encodeURIComponent(path)}`, rossi));
        expect(body).toMatchObject({ type: 'page', language: lang, object: { key } });
        expect(body.alternates.it).toBe(publicPath(sitePageInfo(key).url, 'it'));
      }
    });

    it('gives media as URLs with their size and alt text', async () => {
      const session = await h.login('rossi', HOSTS.rossi);
      const media = await uploaded(h, session, await image('png', 64, 48), { filename: 'tractor.png', data: { alt_text: 'Un trattore' } });
      const categories = PUBLIC.find((e) => e.name === 'category')!;
      const category = await fx.create('category', 'rossi', { image: media.id });
      const body = json(await h.get(`${url(categories, await addressOf(categories, category, 'it'))}?lang=en`, rossi));
      expect(body.item.image).toMatchObject({ id: media.id, url: media.url, width: 64, height: 48, alt: 'Un trattore' });
      // Smaller than every preset width: one rendition, as wide as the image, never enlarged.
      const [src, width, ...more] = (body.item.image.srcset as string).split(' ');
      expect([width, more]).toEqual(['64w', []]);
      const rendition = await h.get(src!, rossi);
      expect(rendition.statusCode).toBe(200);
      expect(rendition.headers['content-type']).toBe('image/webp');
      expect(await sharp(rendition.rawPayload).metadata()).toMatchObject({ width: 64, height: 48 });
    });

    it('gives an image whose variants are still being made no variant or rendition URL', async () => {
      const session = await h.login('rossi', HOSTS.rossi);
      // Held until the read: the runner would make the variants as soon as the upload nudges it.
      await h.app.jobs.stop();
      try {
        const res = await upload(h, session, await image('png', 64, 48), { filename: 'new.png' });
        expect(res.statusCode, res.body).toBe(201);
        const media = res.json() as MediaJson;
        const categories = PUBLIC.find((e) => e.name === 'category')!;
        const category = await fx.create('category', 'rossi', { image: media.id });
        const address = `${url(categories, await addressOf(categories, category, 'it'))}?lang=en`;
        expect(json(await h.get(address, rossi)).item.image).toMatchObject({ id: media.id, url: media.url, thumbnail_url: null, web_url: null, srcset: null });
        await h.app.jobs.runUntilIdle();
        const made = json(await h.get(address, rossi)).item.image;
        expect(made).toMatchObject({ width: 64, height: 48, thumbnail_url: expect.stringMatching(/\.thumb\.webp$/), srcset: expect.stringMatching(/ 64w$/) });
        expect((await h.get(made.thumbnail_url, rossi)).statusCode).toBe(200);
      } finally {
        h.app.jobs.start();
      }
    });
  });
});
