import { expect, test } from '@playwright/test';
import it from '../../locales/it.json' with { type: 'json' };
import { expectSignedIn, login, site } from './helpers';

test('admin signs in on the master site, stays in after a reload, and signs out', async ({ page }) => {
  await page.goto(site('localhost'));
  await expect(page).toHaveURL(/\/backoffice\/login\?redirect=%2F$/);
  await login(page, ' admin ', 'demo1234 ');
  await expectSignedIn(page, 'admin');
  await expect(page).toHaveURL(site('localhost'));
  await expect(page.getByTestId('backoffice-kind')).toContainText('Master back-office');

  await page.reload();
  await expectSignedIn(page, 'admin');

  // Signing out reloads the page itself (the session machine's reloadPage): the test's own
  // reload waits for that one, or the two collide ("Not attached to an active page").
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Log out' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a dealer signs in on its own site (in its Italian), reloads, and signs out', async ({ page }) => {
  await page.goto(site('rossi.localhost'));
  await expect(page.getByText('a Rossi Trattori')).toBeVisible();
  await login(page, 'rossi');
  await expectSignedIn(page, 'rossi');
  await expect(page.getByTestId('backoffice-kind')).toContainText(it.app.dealerBackoffice);
  await page.reload();
  await expectSignedIn(page, 'rossi');
  await page.getByRole('button', { name: it.nav.logout }).click();
  await expect(page.getByRole('heading', { name: it.login.title })).toBeVisible();
});

test('a logout that never reaches the server still signs out, and stays out after reloads', async ({ page }) => {
  await page.goto(site('localhost'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  // The network drops the logout: the session cookie stays, valid, in the browser.
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  // The app reloads the page after a logout (spec §8): reloading again only once that is done.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Log out' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('username')).toHaveCount(0);

  // Once the network is back the next start ends the session on the server too.
  await page.unroute('**/api/auth/logout');
  const ended = page.waitForResponse('**/api/auth/logout');
  await page.reload();
  expect((await ended).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === '__mapo_session')).toBeUndefined();

  // Signing in again is an ordinary start.
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  await page.reload();
  await expectSignedIn(page, 'admin');
});

test("a dealer is refused on another dealer's site", async ({ page }) => {
  // Verdi's site speaks English.
  await page.goto(site('verdi.localhost', '/backoffice/login'));
  await login(page, 'rossi');
  await expect(page.getByRole('alert')).toContainText('Unable to log in with provided credentials.');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('wrong credentials show the error and blank fields show field errors', async ({ page }) => {
  await page.goto(site('localhost', '/backoffice/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await login(page, 'admin', 'wrong-password');
  await expect(page.getByRole('alert')).toContainText('Unable to log in with provided credentials.');
});

test('signing in returns to the page that was asked for', async ({ page }) => {
  await page.goto(site('localhost', '/backoffice/?tab=2'));
  await expect(page).toHaveURL(/\/backoffice\/login\?redirect=%2F%3Ftab%3D2$/);
  await login(page, 'staff');
  await expect(page).toHaveURL(site('localhost', '/backoffice/?tab=2'));
  await expect(page.getByRole('heading', { name: /Welcome, Stefano Staff/ })).toBeVisible();
});

test('an unknown route shows the 404 screen with a way home', async ({ page }) => {
  await page.goto(site('localhost'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  await page.goto(site('localhost', '/backoffice/products/abc'));
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(site('localhost'));
});

test('an unknown domain shows the error screen with its status', async ({ page }) => {
  await page.goto(site('nowhere.localhost'));
  await expect(page.getByTestId('error-screen')).toContainText('404');
  await expect(page.getByTestId('error-screen')).toContainText('No back-office is served on this domain.');
});
