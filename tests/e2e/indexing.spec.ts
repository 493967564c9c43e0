import { type Browser, expect, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { call, signInAt, site } from './helpers';

/**
 * Issue 6 item 8: a dealer publishes content and the master sees its indexing log entry,
 * with the public URL and its status, filtered by action and site.
 */

const ROSSI = 'rossi.localhost';

async function signedIn(browser: Browser, host: string, username: string, path: string) {
  const page = await (await browser.newContext()).newPage();
  await signInAt(page, host, username, path);
  return page;
}

test('a dealer publishes a product and the master sees its indexing log entry', async ({ browser }) => {
  test.setTimeout(60_000);
  const rossi = await signedIn(browser, ROSSI, 'rossi', '/products');
  const brand = (await call(rossi, 'GET', '/api/brand/?items=1')).data.items[0].id;
  const slug = `trattore-indicizzato-${Date.now()}`;
  const draft = await call(rossi, 'POST', '/api/products/', { brand, status: 'draft', translations: { it: { name: 'Trattore indicizzato', slug } } });
  expect(draft.status, JSON.stringify(draft.data)).toBe(201);

  // Rossi publishes it from the product form (his back-office speaks Italian).
  await rossi.goto(site(ROSSI, `/backoffice/products/${draft.data.id}`));
  await rossi.locator('[name="status"]').selectOption('published');
  await rossi.getByTestId('form-save').click();
  await expect(rossi.getByText(it.form.saved)).toBeVisible();
  const publicUrl = `https://${ROSSI}/it/prodotti/${slug}`;

  const admin = await signedIn(browser, 'localhost', 'admin', '/indexingLogs');
  await expect(admin.getByRole('heading', { name: en.entities.indexingLog.many })).toBeVisible();
  const row = admin.locator('tr', { has: admin.getByRole('link', { name: publicUrl }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: publicUrl })).toHaveAttribute('href', publicUrl);
  await expect(row).toContainText(ROSSI);
  await expect(row).toContainText(en.options.indexingLog.action.updated);
  // The running dispatcher sends it with the log notifier.
  await expect(row.locator('[data-value="sent"]')).toHaveText(en.options.indexingLog.status.sent, { timeout: 15_000 });
  // Nobody writes a log entry by hand.
  await expect(admin.getByTestId('list-new')).toHaveCount(0);
  await expect(admin.locator('[data-testid="entity-table"] input[type="checkbox"]')).toHaveCount(0);

  await admin.locator('select[name="fltr.action"]').selectOption('deleted');
  await expect(admin).toHaveURL(/fltr=action%3Ddeleted/);
  await expect(row).toHaveCount(0);
  await admin.locator('select[name="fltr.action"]').selectOption('updated');
  await expect(row).toBeVisible();

  const siteFilter = admin.locator('input[name="fltr.site"]');
  await siteFilter.fill('verdi.localhost');
  await siteFilter.press('Enter');
  await expect(admin).toHaveURL(/fltr=site%3Dverdi\.localhost/);
  await expect(row).toHaveCount(0);
  await siteFilter.fill(ROSSI);
  await siteFilter.press('Enter');
  await expect(admin).toHaveURL(/fltr=site%3Drossi\.localhost/);
  await expect(row).toBeVisible();

  // The detail shows the entry read-only.
  await row.getByRole('link', { name: new RegExp(en.list.edit.replace('{{id}}', '\\d+')) }).click();
  await expect(admin.getByTestId('entity-form')).toBeVisible();
  await expect(admin.locator('[name="url"]')).toHaveValue(publicUrl);
  await expect(admin.locator('[name="url"]')).toBeDisabled();
  await expect(admin.getByTestId('form-save')).toHaveCount(0);
  await expect(admin.getByTestId('form-delete')).toHaveCount(0);
});

test('a market administrator has no indexing logs', async ({ browser }) => {
  const market = await signedIn(browser, 'localhost', 'market', '/');
  await expect(market.getByRole('link', { name: en.nav.indexingLogs })).toHaveCount(0);
  await market.goto(site('localhost', '/backoffice/indexingLogs'));
  await expect(market.getByText('This page could not be found')).toBeVisible();
});

test('a dealer publishes a news item and the master sees its indexing log entry', async ({ browser }) => {
  test.setTimeout(60_000);
  const rossi = await signedIn(browser, ROSSI, 'rossi', '/news');
  const slug = `notizia-indicizzata-${Date.now()}`;
  const draft = await call(rossi, 'POST', '/api/news/', {
    status: 'draft',
    publish_at: new Date().toISOString(),
    translations: { it: { title: 'Notizia indicizzata', slug } },
  });
  expect(draft.status, JSON.stringify(draft.data)).toBe(201);

  await rossi.goto(site(ROSSI, `/backoffice/news/${draft.data.id}`));
  await rossi.locator('[name="status"]').selectOption('published');
  await rossi.getByTestId('form-save').click();
  await expect(rossi.getByText(it.form.saved)).toBeVisible();
  const publicUrl = `https://${ROSSI}/it/notizie/${slug}`;

  const admin = await signedIn(browser, 'localhost', 'admin', '/indexingLogs');
  const row = admin.locator('tr', { has: admin.getByRole('link', { name: publicUrl }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(en.options.indexingLog.action.updated);
  await expect(row.locator('[data-value="sent"]')).toHaveText(en.options.indexingLog.status.sent, { timeout: 15_000 });
});
