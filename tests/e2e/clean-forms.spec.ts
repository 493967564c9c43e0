import { expect, type Page, test } from '@playwright/test';
import { SITE_PAGES } from '../../entities/sitePages/keys';
import { call, signInAt, site } from './helpers';

/**
 * Opening a form is not editing it (issue 18): every site page and every row of the demo
 * data opens clean, with no "unsaved changes" badge. A widget that reports the value it
 * was given, normalised (TipTap puts a paragraph in each list item), would mark it dirty.
 */

const form = (page: Page) => page.getByTestId('entity-form');

/**
 * Walks the open form's sections and language tabs inside the page (hundreds of forms: one
 * round trip each instead of one per click) and names each tab that shows the form dirty.
 * A tab is judged once no placeholder or busy region is left in it and two frames have
 * passed: lazy widgets (rich text, map) load in their own chunks and may report on mount.
 */
function dirtyTabs(): Promise<string[]> {
  const busy = () => document.querySelector('main .animate-pulse, main [aria-busy="true"]');
  const idle = () =>
    new Promise<void>((resolve, reject) => {
      if (!busy()) return resolve();
      const timer = setTimeout(() => (observer.disconnect(), reject(new Error(`still loading: ${busy()?.outerHTML.slice(0, 200)}`))), 10_000);
      const observer = new MutationObserver(() => {
        if (busy()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const dirty: string[] = [];
  const check = async (where: string) => {
    await idle();
    await frames();
    if (document.querySelector('[data-testid="dirty-badge"]')) dirty.push(where);
  };
  const tabs = (kind: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="entity-form"] [role="tab"][data-${kind}]`)];
  return (async () => {
    await check('opened');
    for (const [s, section] of tabs('tab').entries()) {
      section.click();
      const languages = tabs('lang');
      for (const [l, language] of languages.entries()) {
        language.click();
        await check(`section ${s} language ${l}`);
      }
      if (languages.length === 0) await check(`section ${s}`);
    }
    return dirty;
  })();
}

/** Opens a form by its URL inside the running app, as a link would, and checks it stays clean in every tab. */
async function expectClean(page: Page, host: string, path: string) {
  if (new URL(page.url()).hostname !== host) await page.goto(site(host, `/backoffice${path}`));
  else {
    const before = await page.evaluateHandle(() => document.querySelector('[data-testid="entity-form"]'));
    // The router's base (`/backoffice`, or `/backoffice/it` in a language of the URL) is what the header's home link points to.
    const home = await page.locator('header a[href$="/"]').first().getAttribute('href');
    await page.evaluate((to) => window.history.pushState(null, '', to), `${home!.replace(/\/$/, '')}${path}`);
    await page.waitForFunction(
      (old) => {
        const now = document.querySelector('[data-testid="entity-form"]');
        return !!now && now !== old;
      },
      before,
      { timeout: 10_000 },
    );
  }
  await expect(form(page), path).toHaveAttribute('data-status', 'editing');
  expect(await page.evaluate(dirtyTabs), path).toEqual([]);
}

async function rowIds(page: Page, path: string): Promise<Array<number | string>> {
  const { status, data } = await call(page, 'GET', `/api${path}/?items=100`);
  expect(status, path).toBe(200);
  return (data.items as Array<{ id: number | string }>).map((r) => r.id);
}

test('every site page of the master site opens clean', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, 'localhost', 'admin');
  for (const { key } of SITE_PAGES) await expectClean(page, 'localhost', `/sitePages/${key}`);
});

const MASTER_LISTS = ['/tenants', '/tenantUsers', '/users', '/marketSettings'];
const DEALER_LISTS = [
  '/products',
  '/products/category',
  '/products/tag',
  '/featuredProducts',
  '/productsUsed',
  '/productsUsed/category',
  '/brand',
  '/brand/services',
  '/promotion',
  '/news',
  '/users',
];

test('every row of the master lists opens clean', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAt(page, 'localhost', 'admin');
  for (const path of MASTER_LISTS) for (const id of await rowIds(page, path)) await expectClean(page, 'localhost', `${path}/${id}`);
});

for (const [host, user] of [
  ['rossi.localhost', 'rossi'],
  ['verdi.localhost', 'verdi'],
] as const) {
  test(`every site page ${user} may open opens clean`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInAt(page, host, user);
    for (const { key } of SITE_PAGES) {
      if ((await call(page, 'GET', `/api/sitePages/${key}/`)).status === 200) await expectClean(page, host, `/sitePages/${key}`);
    }
  });
  for (const path of DEALER_LISTS) {
    test(`every row of ${user}'s ${path} opens clean`, async ({ page }) => {
      // Every row, each section, each language: the product lists hold dozens of rows.
      test.setTimeout(240_000);
      await signInAt(page, host, user);
      for (const id of await rowIds(page, path)) await expectClean(page, host, `${path}/${id}`);
    });
  }
}
