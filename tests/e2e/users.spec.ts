import { type Browser, expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import type { UserInfo } from '../../machines/session.types';
import { sidebarMenu } from '../../src/routing/sidebar';
import { GROUPS, ROUTES } from '../../src/routing/routes';
import { expectSignedIn, login, site } from './helpers';

/**
 * Users and dealer users (issue 6) through the generic entity screens: a dealer manages
 * its own site's users only, and a password reset ends the old session of that user.
 */

const ROSSI = 'rossi.localhost';
const PASSWORD = 'Trattore-Rosso-2026';

const rows = (page: Page) => page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function signIn(page: Page, host: string, username: string, password = 'demo1234', path = '/') {
  await page.goto(site(host, `/backoffice${path === '/' ? '/' : path}`));
  await login(page, username, password);
  await expectSignedIn(page, username);
}

async function signedInPage(browser: Browser, host: string, username: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, host, username, password);
  return page;
}

const lookup = (messages: object, key: string) => key.split('.').reduce<any>((o, k) => o?.[k], messages) as string;

/** The sidebar's top entries and footer as shown. */
async function sidebarOf(page: Page) {
  const nav = page.getByTestId('sidebar');
  await expect(nav).toBeVisible();
  const top = await nav.locator(':scope > ul').first().locator(':scope > li > a, :scope > li > button').allInnerTexts();
  const footer = await nav.locator(':scope > ul').nth(1).locator(':scope > li').allInnerTexts();
  return { top: top.map((t) => t.trim()), footer: footer.map((t) => t.trim()) };
}

async function idOf(page: Page, username: string): Promise<number> {
  return page.evaluate(async (username) => {
    const res = await fetch(`/api/users/?search=${encodeURIComponent(username)}&items=100`, { headers: { accept: 'application/json' } });
    const data = (await res.json()) as { items: Array<{ id: number; username: string }> };
    return data.items.find((i) => i.username === username)!.id;
  }, username);
}

test("a dealer creates a user on its own site, and never sees another site's users", async ({ page, browser }) => {
  // Three sign-ins and a new password, each an argon2 hash: slow on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, ROSSI, 'rossi', 'demo1234', '/users');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('entity-table')).toContainText('rossi.viewer');
  await expect(page.getByTestId('entity-table')).not.toContainText('verdi');

  await page.getByTestId('list-new').click();
  await field(page, 'username').fill('rossi.officina');
  await field(page, 'email').fill('officina@rossi.example');
  await field(page, 'first_name').fill('Gino');
  await field(page, 'password').fill(PASSWORD);
  // The dealer form has no role or superuser switch: its users are dealers of this site.
  await expect(field(page, 'role')).toHaveCount(0);
  await expect(field(page, 'is_superuser')).toHaveCount(0);
  await page.getByRole('tab').last().click();
  const grid = page.getByTestId('permissions-grid');
  await grid.locator('tr[data-model="product"] input[type="checkbox"]').last().check();
  await expect(grid.locator('input[name="permissions.view_product"]')).toBeChecked();
  await expect(grid.locator('input[name="permissions.delete_product"]')).toBeChecked();
  // Master models are not offered on a dealer site.
  await expect(grid.locator('tr[data-model="tenant"]')).toHaveCount(0);
  await page.getByTestId('form-save').click();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('entity-table')).toContainText('rossi.officina');

  // Verdi's user does not exist on Rossi's site.
  const verdi = await signedInPage(browser, 'verdi.localhost', 'verdi');
  const verdiSales = await idOf(verdi, 'verdi.sales');
  await page.goto(site(ROSSI, `/backoffice/users/${verdiSales}`));
  await expect(page.getByTestId('not-found')).toBeVisible();

  // The new user signs in on its site with the password it was given.
  const officina = await signedInPage(browser, ROSSI, 'rossi.officina', PASSWORD);
  await expect(officina.getByTestId('username')).toHaveText('rossi.officina');
});

test("an admin resets a user's password and the user's open session ends", async ({ page, browser }) => {
  // Three sign-ins and a new password, each an argon2 hash: slow on a busy machine.
  test.setTimeout(90_000);
  const viewer = await signedInPage(browser, ROSSI, 'rossi.viewer');
  await signIn(page, ROSSI, 'admin');
  const id = await idOf(page, 'rossi.viewer');
  await page.goto(site(ROSSI, `/backoffice/users/${id}`));
  await field(page, 'password').fill('Campagna-Verde-2026');
  await page.getByTestId('form-save').click();
  await expect(page).toHaveURL(/\/users(\?|$)/);

  // The viewer's next request finds its session gone and the app returns to the login form.
  await viewer.reload();
  await expect(viewer.locator('input[name="username"]')).toBeVisible();
  await login(viewer, 'rossi.viewer', 'Campagna-Verde-2026');
  await expectSignedIn(viewer, 'rossi.viewer');
});

test('the master onboards a dealer site and its first user in under 10 actions; the user signs in there and sees the dealer sidebar', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'localhost', 'admin');
  // Every click and every typed field from here on is one user action.
  let actions = 0;
  const act = async (step: () => Promise<unknown>) => {
    actions++;
    await step();
  };
  await act(() => page.getByTestId('sidebar').getByRole('link', { name: en.nav.tenants }).click());
  await act(() => page.getByTestId('list-new').click());
  await act(() => field(page, 'name').fill('Bianchi Meccanica'));
  await act(() => field(page, 'domain').fill('bianchi.localhost'));
  await act(() => page.getByTestId('form-save').click());
  const siteRow = rows(page).filter({ hasText: 'Bianchi Meccanica' });
  await act(() => siteRow.getByTestId('row-add-tenantUser').click());
  // The new dealer user is bound to the site it was added from and starts with every dealer permission the admin may grant.
  await expect(page.getByTestId('tenant-chip')).toHaveText(/Bianchi Meccanica/);
  await act(() => field(page, 'username').fill('bianchi'));
  await act(() => field(page, 'password').fill(PASSWORD));
  await act(() => page.getByTestId('form-save').click());
  await expect(page).toHaveURL(/\/tenantUsers(\?|$)/);
  await expect(rows(page).filter({ hasText: 'bianchi' })).toContainText('Bianchi Meccanica');
  console.log(`onboarding: ${actions} user actions after login`);
  expect(actions).toBeLessThan(10);

  // The new dealer signs in on its own domain (the site speaks Italian by default) and gets the dealer back-office.
  const dealer = await (await browser.newContext()).newPage();
  await signIn(dealer, 'bianchi.localhost', 'bianchi', PASSWORD);
  const shown = await sidebarOf(dealer);
  const profile = (await dealer.evaluate(() => fetch('/api/profiles/me/', { headers: { accept: 'application/json' } }).then((r) => r.json()))) as UserInfo;
  expect(profile.role).toBe('DE');
  const menu = sidebarMenu(ROUTES, GROUPS, { loggedIn: true, user: profile, dealerBackoffice: true }, { withScreenOnly: true });
  expect(shown).toEqual({
    top: menu.main.map((e) => lookup(it, e.label)),
    footer: [...menu.footer.map((e) => lookup(it, e.label)), it.nav.logout],
  });
  expect(shown.top).toEqual(expect.arrayContaining([it.nav.products, it.nav.brands]));
  expect(shown.footer).toEqual(expect.arrayContaining([it.nav.users, it.nav.media]));
  expect(shown.top).not.toContain(it.nav.tenants);
  // Its login is for its own site only.
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto(site('rossi.localhost', '/backoffice/'));
  await login(elsewhere, 'bianchi', PASSWORD);
  await expect(elsewhere.getByTestId('username')).toHaveCount(0);
  await expect(elsewhere.locator('input[name="username"]')).toBeVisible();
});

test('a market administrator, who may not list markets, is told so by the market picker instead of a failing search', async ({ page, browser }) => {
  await signIn(page, 'localhost', 'market', 'demo1234', '/users/new');
  const picker = field(page, 'market.search');
  await expect(picker).toBeDisabled();
  expect([en.fields.notListable, it.fields.notListable]).toContain(await picker.getAttribute('placeholder'));
  const admin = await signedInPage(browser, 'localhost', 'admin');
  await admin.goto(site('localhost', '/backoffice/users/new'));
  await expect(field(admin, 'market.search')).toBeEnabled();
});
