/**
 * The reference website (issue 15 point 7): every page kind rendered from the demo data
 * through the delivery API alone, on both databases — home, the five list pages, a product
 * with its gallery, a used product, a news item, a promotion, a text page, contacts with a
 * map link — each a whole accessible HTML page without a script; the 404 page, the 301 of a
 * renamed item, the 302 of the root; cache headers from the API's answers and a 304; the
 * master host, /api/ and /backoffice/ as they were; and nothing of it with SITE_RENDERER=off.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { STYLESHEET_URL } from '../../server/site/styles.js';
import { image } from './fixtures/media.js';
import { uploaded } from './fixtures/mediaApi.js';
import { api, entity, fixtures, HOSTS, json } from './entity-fixtures.js';
import { describeEachDialect, type Session } from './harness.js';

const rossi = { host: HOSTS.rossi };

/** Every link of a page as [href, text], in document order. */
const links = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>(.*?)<\/a>/gs)].map((m) => [m[1]!.replace(/&amp;/g, '&'), m[2]!.replace(/<[^>]+>/g, '')] as const);
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
const hrefsUnder = (html: string, prefix: string) => links(html).filter(([href]) => href.startsWith(prefix) && href !== prefix);

/** What every page of the site is, whatever it shows. */
function expectWholePage(res: LightMyRequestResponse, lang: string) {
  const html = res.body;
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(html.startsWith('<!doctype html><html lang="' + lang)).toBe(true);
  expect(html).not.toMatch(/<script/i);
  expect(html).toContain(`<link rel="stylesheet" href="${STYLESHEET_URL}"/>`);
  expect(html).toMatch(/<a class="skip" href="#main">[^<]+<\/a>/);
  expect(html).toMatch(/<header class="site">/);
  expect(html).toMatch(/<main id="main" tabindex="-1">/);
  expect(html).toMatch(/<footer class="site">/);
  expect(html).toMatch(/<nav class="menu" aria-label="[^"]+">/);
  expect(h1(html)?.trim()).toBeTruthy();
  // Every picture says what it shows, or says it is decoration.
  for (const img of html.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/\balt="/);
}

describeEachDialect('the reference website', (h) => {
  const fx = fixtures(h);
  let session: Session;
  // Sessions are emptied before every test (harness.ts).
  beforeEach(async () => {
    session = await h.login('rossi', HOSTS.rossi);
  });
  const get = (url: string, headers: Record<string, string> = {}) => h.get(url, { ...rossi, headers });

  it('sends the root to the home page in the default language, which links to its English twin', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/it/');
    const home = await get('/it/');
    expect(home.statusCode).toBe(200);
    expectWholePage(home, 'it');
    expect(h1(home.body)).toBe('Macchine che lavorano quanto te');
    expect(links(home.body)).toContainEqual(['/en/', 'English']);
    expect(home.body).toContain('<link rel="alternate" hrefLang="en-US" href="/en/"/>');
    // The menu, with this page marked.
    expect(home.body).toMatch(/<a href="\/it\/" aria-current="page">Home<\/a>/);
    expect(links(home.body)).toContainEqual(['/it/contatti', 'Contatti']);
    // The featured products link to product pages that exist.
    const featured = hrefsUnder(home.body, '/it/prodotti/');
    expect(featured.length).toBeGreaterThan(0);
    for (const [href] of featured) expect((await get(href)).statusCode, href).toBe(200);
    const en = await get('/en/');
    expectWholePage(en, 'en');
    expect(h1(en.body)).toBe('Machines that work as hard as you do');
    expect(links(en.body)).toContainEqual(['/it/', 'Italiano']);
  });

  it('renders each list page, and each row it lists on a page of its own', async () => {
    for (const [list, kind] of [
      ['/it/prodotti', 'product'],
      ['/it/usato', 'used'],
      ['/it/notizie', 'news'],
      ['/it/promozioni', 'promotion'],
    ] as const) {
      const res = await get(list);
      expect(res.statusCode, list).toBe(200);
      expectWholePage(res, 'it');
      const rows = hrefsUnder(res.body, `${list}/`);
      expect(rows.length, list).toBeGreaterThan(0);
      const [href, title] = rows[0]!;
      const detail = await get(href);
      expect(detail.statusCode, href).toBe(200);
      expectWholePage(detail, 'it');
      expect(h1(detail.body), kind).toBe(title);
    }
    const brands = await get('/it/marchi');
    expect(brands.statusCode).toBe(200);
    expect(brands.body).toContain('Deutz-Fahr');
  });

  it('pages a list with ?page=, and a page past the last is not found', async () => {
    const first = await get('/it/prodotti');
    expect(links(first.body).some(([href]) => href === '/it/prodotti?page=2')).toBe(true);
    const second = await get('/it/prodotti?page=2');
    expect(second.statusCode).toBe(200);
    expect(links(second.body).some(([href]) => href === '/it/prodotti')).toBe(true);
    expect((await get('/it/prodotti?page=999')).statusCode).toBe(404);
    // A page number that is none reads as the first page, as a campaign tag is ignored.
    expect((await get('/it/prodotti?page=abc&utm_source=x')).statusCode).toBe(200);
  });

  it('shows a product with its gallery, alt texts and price; a hidden price as "on request"', async () => {
    const media = await uploaded(h, session, await image('png', 64, 48), { filename: 'gallery.png', data: { alt_text: 'Trattore in campo' } });
    const slug = `trattore-galleria-${fx.next()}`;
    const body = await fx.body('product', 'rossi', {
      status: 'published',
      gallery: [media.id],
      price: 1234.5,
      show_price: false,
      translations: { it: { name: 'Trattore con galleria', slug }, en: { name: 'Tractor with gallery', slug: `${slug}-en` } },
    });
    const made = await h.call('POST', api(entity('product')), { ...rossi, session, body });
    expect(made.statusCode, made.body).toBe(201);
    const res = await get(`/it/prodotti/${slug}`);
    expect(res.statusCode).toBe(200);
    expectWholePage(res, 'it');
    expect(h1(res.body)).toBe('Trattore con galleria');
    expect(res.body).toMatch(/<h2 id="gallery">Galleria<\/h2>/);
    expect(res.body).toMatch(/<img src="[^"]+" srcSet="\/media\/[^" ]+\.webp 64w" sizes="[^"]+" alt="Trattore in campo" width="64" height="48"/);
    expect(res.body).toContain('Prezzo su richiesta');
    // Neither the raw value nor its Italian form (the slug's random suffix may hold the digits 1234).
    expect(res.body).not.toMatch(/1[.\u202f ]?234[.,]5/);
    expect(links(res.body)).toContainEqual([`/en/products/${slug}-en`, 'English']);
  });

  it('renders the text pages and the contacts with a map link and opening hours', async () => {
    const about = await get('/it/chi-siamo');
    expectWholePage(about, 'it');
    expect(h1(about.body)).toBe('Chi siamo');
    const contacts = await get('/en/contacts');
    expectWholePage(contacts, 'en');
    expect(links(contacts.body).some(([href]) => href.startsWith('https://www.openstreetmap.org/?mlat=45.1452&mlon=10.0513'))).toBe(true);
    expect(contacts.body).toContain('<th scope="row">Monday – Friday</th><td>08:00 – 12:30</td>');
    expect(links(contacts.body)).toContainEqual(['tel:+390372451200', '+39 0372 451 200']);
  });

  it('answers an unknown path with the 404 page in the language of the path, never cached', async () => {
    const res = await get('/en/no-such-page');
    expect(res.statusCode).toBe(404);
    expectWholePage(res, 'en');
    expect(h1(res.body)).toBe('This page could not be found');
    expect(res.headers['cache-control']).toBe('no-store');
    // A language the site does not have: the site's default one.
    const other = await get('/de/etwas');
    expect(other.statusCode).toBe(404);
    expectWholePage(other, 'it');
  });

  it("links a row with no slug of its own in the page's language to its page in the default language", async () => {
    const slug = `solo-italiano-${fx.next()}`;
    const body = await fx.body('news', 'rossi', {
      status: 'published',
      publish_at: '2020-01-01T00:00:00.000Z',
      translations: { it: { title: 'Solo in italiano', slug } },
    });
    const made = await h.call('POST', api(entity('news')), { ...rossi, session, body });
    expect(made.statusCode, made.body).toBe(201);
    const english = await get('/en/news');
    const [href] = links(english.body).find(([, text]) => text === 'Solo in italiano') ?? [];
    expect(href).toBe(`/it/notizie/${slug}`);
    expect((await get(href!)).statusCode).toBe(200);
  });

  it('answers 301 to the new path of a renamed item, and 404 once it is unpublished', async () => {
    const news = entity('news');
    const slug = `notizia-sito-${fx.next()}`;
    const body = await fx.body('news', 'rossi', {
      status: 'published',
      publish_at: '2020-01-01T00:00:00.000Z',
      translations: { it: { title: 'Notizia del sito', slug } },
    });
    const made = await h.call('POST', api(news), { ...rossi, session, body });
    expect(made.statusCode, made.body).toBe(201);
    const id = json(made).id as number;
    expect((await get(`/it/notizie/${slug}`)).statusCode).toBe(200);
    const list = await get('/it/notizie');
    expect(links(list.body)).toContainEqual([`/it/notizie/${slug}`, 'Notizia del sito']);

    const current = json(await h.call('GET', api(news, id), { ...rossi, session }));
    const renamed = await h.call('PATCH', api(news, id), {
      ...rossi,
      session,
      body: { translations: { it: { ...current.translations.it, slug: `${slug}-nuovo` } }, version: current.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = await get(`/it/notizie/${slug}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/it/notizie/${slug}-nuovo`);
    expect(moved.headers['cache-control']).toBe('no-store');
    expect((await get(`/it/notizie/${slug}-nuovo`)).statusCode).toBe(200);

    const after = json(await h.call('GET', api(news, id), { ...rossi, session }));
    const hidden = await h.call('PATCH', api(news, id), { ...rossi, session, body: { status: 'draft', version: after.version } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(`/it/notizie/${slug}-nuovo`)).statusCode).toBe(404);
  });

  it('passes the API answers on as cache headers: an ETag that answers 304 until the site changes', async () => {
    const first = await get('/it/chi-siamo');
    // Browsers revalidate every load; a CDN keeps the page as long as the API's answers allow.
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['cdn-cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers['surrogate-key']).toMatch(/^site-\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/it/chi-siamo', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await fx.create('news', 'rossi', { status: 'draft' });
    const changed = await get('/it/chi-siamo', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serves its stylesheet for a year under a hashed name', async () => {
    const css = await get(STYLESHEET_URL);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain(':focus-visible');
    expect((await get('/_site/site-000000000000.css')).statusCode).toBe(404);
  });

  it('leaves the master host, unknown hosts, /api/ and /backoffice/ as they were', async () => {
    for (const host of [HOSTS.master, 'nobody.example']) {
      for (const path of ['/', '/it/', '/it/prodotti']) {
        const res = await h.get(path, { host });
        expect(res.statusCode, `${host}${path}`).toBe(404);
        expect(res.headers['content-type'], `${host}${path}`).toBe('application/json; charset=utf-8');
      }
    }
    const api404 = await get('/api/no-such-thing');
    expect(api404.statusCode).toBe(404);
    expect(json(api404)).toEqual({ detail: 'Not found.' });
    const spa = await get('/backoffice/products');
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<div id="root">');
  });

  it("answers the API's 429 with its Retry-After when a visitor's pages exceed the API's rate limit", async () => {
    const strict = await h.appWith({ PUBLIC_API_REQUESTS_PER_MINUTE: '3' });
    const visit = () => h.get('/it/chi-siamo', { ...rossi, app: strict, remoteAddress: '203.0.113.9' });
    // A text page reads two answers (route, site): the second visit asks for the fourth.
    expect((await visit()).statusCode).toBe(200);
    const refused = await visit();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toBe('Riprova tra qualche istante.');
  });

  it('is not there with SITE_RENDERER=off: the root of a dealer host answers as before', async () => {
    const off = await h.appWith({ SITE_RENDERER: 'off' });
    for (const path of ['/', '/it/', '/it/prodotti', STYLESHEET_URL]) {
      const res = await h.get(path, { ...rossi, app: off });
      expect(res.statusCode, path).toBe(404);
      expect(json(res), path).toEqual({ detail: 'Not found.' });
    }
    expect((await h.get('/backoffice/products', { ...rossi, app: off })).statusCode).toBe(200);
    expect((await h.get('/api/public/v1/site', { ...rossi, app: off })).statusCode).toBe(200);
  });
});
