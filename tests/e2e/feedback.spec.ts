import { expect, test } from '@playwright/test';
import { call, msg, signIn, snackbar, url } from './rossi';
import { exactly } from '../tuples';

/**
 * What the back-office tells a user after an action or a failure (docs/spec.md §8): a success in
 * green with the count in the right grammatical number, a failure as a sentence in the
 * user's language with the status, never a request URL or the server's wording.
 */

/** The background of an element as [r, g, b]. */
const rgb = async (locator: import('@playwright/test').Locator) =>
  exactly((await locator.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.slice(0, 3).map(Number), 3);

test('deleting one row says so in the singular, in green', async ({ page }) => {
  await signIn(page, '/products/tag');
  const res = await call(page, 'POST', '/api/products/tag/', { translations: { it: { title: 'E2E uno solo' } } });
  expect(res.status).toBe(201);
  await page.goto(url('/products/tag?search=E2E%20uno'));
  const row = page.locator('tbody tr[data-row-id]');
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-bar')).toContainText(msg('list.selected', { count: 1 }));
  await page.getByRole('button', { name: msg('list.deleteSelectedButton', { count: 1 }) }).click();
  await expect(page.getByRole('dialog')).toContainText(msg('list.deleteSelected', { count: 1 }));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: msg('confirm.delete') })
    .click();
  const done = snackbar(page, msg('list.deleteSuccess', { count: 1 }));
  await expect(done).toBeVisible();
  await expect(done).toHaveText(/1 riga eliminata/);
  const [r, g, b] = await rgb(done.locator('..')); // the toast around the message
  expect(g, `green, not rgb(${r}, ${g}, ${b})`).toBeGreaterThan(r + 40);
  expect(g).toBeGreaterThan(b + 40);
});

test('a record the server cannot give shows a sentence and the status, not the request', async ({ page }) => {
  await signIn(page, '/products');
  await page.route('**/api/products/55/**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }));
  await page.goto(url('/products/55'));
  const failure = page.getByText(msg('form.loadFailed', { detail: msg('errors.withStatus', { message: msg('errors.http.unavailable'), status: 502 }) }));
  await expect(failure).toBeVisible();
  await expect(page.locator('main')).not.toContainText('/api/');
  await expect(page.locator('main')).not.toContainText('Bad Gateway');
});

test('a list whose request never gets an answer says the server could not be reached', async ({ page }) => {
  await signIn(page, '/');
  await page.route('**/api/news/?**', (route) => route.abort('internetdisconnected'));
  await page.goto(url('/news'));
  await expect(page.getByText(msg('list.loadFailed', { detail: msg('errors.network') }))).toBeVisible();
  await expect(page.locator('main')).not.toContainText('/api/');
});
