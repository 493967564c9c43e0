import { type Browser, expect, type Page, test } from '@playwright/test';
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

async function idOf(page: Page, username: string): Promise<number> {
  return page.evaluate(async (username) => {
    const res = await fetch(`/api/users/?search=${encodeURIComponent(username)}&items=100`, { headers: { accept: 'application/json' } });
    const data = (await res.json()) as { items: Array<{ id: number; username: string }> };
    return data.items.find((i) => i.username === username)!.id;
  }, username);
}

test('a dealer creates a user on its own site, and never sees another site\'s users', async ({ page, browser }) => {
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
