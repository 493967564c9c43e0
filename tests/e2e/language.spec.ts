import { expect, test } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import ru from '../../locales/ru.json' with { type: 'json' };
import { expectSignedIn, login, site } from './helpers';

test('switching to Italian keeps the screen, moves it under /backoffice/it/, and sticks', async ({ page, context }) => {
  await page.goto(site('localhost'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');

  await page.getByTestId('language-select').selectOption('it');
  await expect(page).toHaveURL(site('localhost', '/backoffice/it/'));
  await expect(page.getByRole('button', { name: it.nav.logout })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')).toMatchObject({ value: 'it' });

  await page.reload();
  await expect(page.getByRole('button', { name: it.nav.logout })).toBeVisible();

  // The server sends the language root to the remembered language (302).
  const root = await page.request.get(site('localhost'), { maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers().location).toBe('/backoffice/it/');
  await page.goto(site('localhost'));
  await expect(page).toHaveURL(site('localhost', '/backoffice/it/'));

  await page.goto(site('localhost', '/backoffice/it/no/such/page'));
  await expect(page.getByRole('heading', { name: it.errors.notFound })).toBeVisible();
  await page.getByRole('link', { name: it.errors.backHome }).click();
  await expect(page).toHaveURL(site('localhost', '/backoffice/it/'));

  await page.getByTestId('language-select').selectOption('en');
  await expect(page).toHaveURL(site('localhost'));
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('the error screen speaks the current language', async ({ page }) => {
  await page.goto(site('nowhere.localhost', '/backoffice/it/'));
  await expect(page.getByTestId('error-screen')).toContainText(it.errors.unknownSite);
});

test("a dealer site's default language applies on its host", async ({ page }) => {
  // Rossi Trattori is an Italian dealer (demo data): a first visit there speaks Italian.
  await page.goto(site('rossi.localhost'));
  await expect(page.getByRole('heading', { name: it.login.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page).toHaveURL(/\/backoffice\/it\/login/);
});

// With no cookie, a browser in one of our languages beats the site's default (docs/spec.md §2).
for (const [locale, messages] of [
  ['de-DE', de],
  ['fr-FR', fr],
  ['ru-RU', ru],
] as const) {
  test.describe(`a browser set to ${locale}`, () => {
    test.use({ locale });
    for (const host of ['localhost', 'verdi.localhost', 'rossi.localhost']) {
      test(`sees ${host} in its language`, async ({ page }) => {
        await page.goto(site(host));
        await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      });
    }
  });
}

// Chromium's ICU has no Albanian or Macedonian: dates come from date-fns's locales.
for (const language of ['al', 'mk', 'bs'] as const) {
  test(`dates in the ${language} interface are written in ${language}, not English`, async ({ page }) => {
    await page.goto(site('localhost', `/backoffice/${language}/tenants`));
    await login(page, 'admin');
    const table = page.getByTestId('entity-table');
    await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
    const updated = (await table.locator('tbody tr[data-row-id]').first().locator('td').allInnerTexts()).join(' | ');
    expect(updated).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|M\d\d/);
    expect(updated).toMatch(/\d{1,2}\. ?[^\d\s|]+|[^\d\s|]+ \d/); // a day with a month name
  });
}
