import { expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { axe, seriousProblems } from './axe';
import { site } from './helpers';
import { call, field, msg, ROSSI, signIn, snackbar, url } from './rossi';

/**
 * Issue 15 point 7, the reference website on a dealer's host: what the dealer publishes in
 * the back-office shows there; a new slug sends the old address on with a 301; unpublished,
 * the page is gone; the Italian and English pages link to each other; and its pages pass axe.
 */

const web = (path: string) => site(ROSSI, path);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function save(page: Page) {
  await page.getByTestId('form-save-continue').click();
  // An earlier save's message may still show: the newest is this one's.
  await expect(snackbar(page, msg('form.saved')).last()).toBeVisible();
}

test('a dealer publishes a news item and sees it on the website; its new slug redirects; unpublished it is gone', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, '/news');
  const n = Date.now();
  const [title, slug] = [`Notizia sul sito ${n}`, `notizia-sul-sito-${n}`];
  const draft = await call(page, 'POST', '/api/news/', {
    status: 'draft',
    publish_at: new Date(n - 60_000).toISOString(),
    translations: { it: { title, slug } },
  });
  expect(draft.status, JSON.stringify(draft.data)).toBe(201);

  // A draft is nowhere on the website.
  const visitor = await context.newPage();
  expect((await visitor.goto(web(`/it/notizie/${slug}`)))?.status()).toBe(404);

  await page.goto(url(`/news/${draft.data.id}`));
  await field(page, 'status').selectOption('published');
  await save(page);

  await visitor.goto(web('/it/notizie'));
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(web(`/it/notizie/${slug}`));
  await expect(heading(visitor)).toHaveText(title);

  await field(page, 'translations.it.slug').fill(`${slug}-nuova`);
  await save(page);
  const moved = await visitor.goto(web(`/it/notizie/${slug}`));
  expect(
    await moved
      ?.request()
      .redirectedFrom()
      ?.response()
      .then((r) => r?.status()),
  ).toBe(301);
  await expect(visitor).toHaveURL(web(`/it/notizie/${slug}-nuova`));
  await expect(heading(visitor)).toHaveText(title);

  await field(page, 'status').selectOption('draft');
  await save(page);
  const gone = await visitor.goto(web(`/it/notizie/${slug}-nuova`));
  expect(gone?.status()).toBe(404);
  await expect(heading(visitor)).toHaveText(it.site.notFound);
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
});

test('the Italian and English pages of the website link to each other', async ({ page }) => {
  await page.goto(web('/'));
  await expect(page).toHaveURL(web('/it/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const languages = (messages: typeof en) => page.getByRole('navigation', { name: messages.site.languages });

  await languages(it).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(web('/en/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  // A product, in English, then the same product in Italian and back.
  await page.goto(web('/en/products'));
  // One with an English page of its own: other tests add products with an Italian slug only, whose links lead to their Italian page.
  const product = page.getByRole('main').getByRole('listitem').locator('a[href^="/en/products/"]').first();
  const name = await product.textContent();
  await product.click();
  await expect(page).toHaveURL(/\/en\/products\/[^/]+$/);
  const english = page.url();
  await languages(en).getByRole('link', { name: 'Italiano' }).click();
  await expect(page).toHaveURL(/\/it\/prodotti\/[^/]+$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(heading(page)).toHaveText(name ?? '');
  await languages(it).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(english);
});

test('the skip link takes the keyboard to the main content, with a visible focus ring', async ({ page }) => {
  await page.goto(web('/it/contatti'));
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: it.layout.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect(await skip.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

for (const viewport of [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`website pages have no serious or critical axe violation (${viewport.name})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await page.goto(web('/it/prodotti'));
    const productPath = await page.getByRole('main').getByRole('listitem').getByRole('link').first().getAttribute('href');
    for (const path of ['/it/', '/it/prodotti', productPath ?? '/it/prodotti', '/it/contatti', '/en/news', '/it/pagina-che-non-esiste']) {
      await page.goto(web(path));
      expect(seriousProblems((await axe(page).analyze()).violations), path).toEqual([]);
    }
  });
}
