import { expect, type Page, test } from '@playwright/test';
import { SITE_PAGES } from '../../entities/sitePages/keys';
import { call, expectSignedIn, login, site } from './helpers';

/**
 * Opening a form is not editing it (issue 18): every site page and every row of the demo
 * data opens clean, with no "unsaved changes" badge. A widget that reports the value it
 * was given, normalised (TipTap puts a paragraph in each list item), would mark it dirty.
 */

const form = (page: Page) => page.getByTestId('entity-form');

async function signIn(page: Page, host: string, username: string) {
  await page.goto(site(host, '/backoffice/'));
  await login(page, username);
  await expectSignedIn(page, username);
}

const settled = async (page: Page, path: string) => {
  // Lazy widgets (rich text, map) load in their own chunks and may report on mount.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('dirty-badge'), path).toHaveCount(0);
};

/** Opens a form by its URL and checks it stays clean in every section and language tab. */
async function expectClean(page: Page, host: string, path: string) {
  await page.goto(site(host, `/backoffice${path}`));
  await expect(form(page), path).toHaveAttribute('data-status', 'editing');
  await settled(page, path);
  const sections = form(page).locator('[role="tab"][data-tab]');
  const languages = form(page).locator('[role="tab"][data-lang]');
  for (let s = 0; s < (await sections.count()); s++) {
    await sections.nth(s).click();
    for (let l = 0; l < (await languages.count()); l++) {
      await languages.nth(l).click();
      await settled(page, `${path} section ${s} language ${l}`);
    }
    if ((await languages.count()) === 0) await settled(page, `${path} section ${s}`);
  }
}

async function rowIds(page: Page, path: string): Promise<Array<number | string>> {
  const { status, data } = await call(page, 'GET', `/api${path}/?items=100`);
  expect(status, path).toBe(200);
  return (data.items as Array<{ id: number | string }>).map((r) => r.id);
}

test('every site page of the master site opens clean', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'localhost', 'admin');
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
  await signIn(page, 'localhost', 'admin');
  for (const path of MASTER_LISTS) for (const id of await rowIds(page, path)) await expectClean(page, 'localhost', `${path}/${id}`);
});

for (const [host, user] of [
  ['rossi.localhost', 'rossi'],
  ['verdi.localhost', 'verdi'],
] as const) {
  test(`every site page ${user} may open opens clean`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, host, user);
    for (const { key } of SITE_PAGES) {
      if ((await call(page, 'GET', `/api/sitePages/${key}/`)).status === 200) await expectClean(page, host, `/sitePages/${key}`);
    }
  });
  for (const path of DEALER_LISTS) {
    test(`every row of ${user}'s ${path} opens clean`, async ({ page }) => {
      // Every row, each section, each language: the product lists hold dozens of rows.
      test.setTimeout(240_000);
      await signIn(page, host, user);
      for (const id of await rowIds(page, path)) await expectClean(page, host, `${path}/${id}`);
    });
  }
}
