import { expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { signInAt, site } from './helpers';

/**
 * Dealer sites and market settings (issue 6) on the master back-office, as the superuser,
 * through the generic entity screens. The master site speaks English, so labels come from en.json.
 */

const url = (path: string) => site('localhost', `/backoffice${path}`);

function msg(key: string, values: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<any>((o, k) => o?.[k], en);
  if (typeof raw !== 'string') throw new Error(`no text for ${key}`);
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

const signIn = (page: Page, path: string) => signInAt(page, 'localhost', 'admin', path);

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const rows = (page: Page) => page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
const snackbar = (page: Page, text: string) => page.locator('[role="status"]').filter({ hasText: text });

/** A GET from inside the page, so `*.localhost` resolves as in the browser. */
async function get(page: Page, path: string): Promise<{ status: number; data: any }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { accept: 'application/json' } });
    return { status: res.status, data: await res.json() };
  }, path);
}

test('admin creates a dealer site with a domain and languages, finds it in the list, edits it and deactivates it', async ({ page }) => {
  test.setTimeout(60_000);
  const domain = `bianchi-${Date.now()}.localhost`;
  await signIn(page, '/tenants');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('entities.tenant.many'));
  await expect(rows(page).filter({ hasText: 'Rossi Trattori' })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'localhost' }).filter({ hasText: 'Dealer Platform' })).toHaveCount(0);

  // New site: name, domain, an alias, one more language and brand; the rest keeps its defaults.
  await page.getByTestId('list-new').click();
  await expect(page).toHaveURL(/\/tenants\/new$/);
  await field(page, 'name').fill('Bianchi Agricoltura');
  await field(page, 'domain').fill(domain);
  await field(page, 'aliases.new').fill(`www.${domain}`);
  await field(page, 'aliases.new').press('Enter');
  await expect(page.getByTestId('aliases-chips').locator('li')).toHaveText([new RegExp(`www\\.${domain.replace(/\./g, '\\.')}`)]);
  await expect(field(page, 'brand_list.DF')).toBeChecked();
  await expect(field(page, 'languages.it')).toBeChecked();
  await field(page, 'languages.de').check();
  await field(page, 'brand_list.SA').check();
  await page.getByTestId('form-save-continue').click();
  await expect(snackbar(page, msg('form.saved'))).toBeVisible();
  await expect(page).toHaveURL(/\/tenants\/\d+$/);
  const id = Number(/\/tenants\/(\d+)$/.exec(page.url())![1]);

  const saved = (await get(page, `/api/tenants/${id}/`)).data;
  expect(saved).toMatchObject({
    domain,
    aliases: [`www.${domain}`],
    languages: ['it', 'en', 'de'],
    default_language: 'it',
    brand_list: ['DF', 'SA'],
    is_active: true,
  });
  expect((await get(page, `/api/tenants/exists?domain=www.${domain}`)).data).toBe('dealer');

  // In the list, found by its domain.
  await page.goto(url(`/tenants?search=${domain.split('.')[0]}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Bianchi Agricoltura');
  await expect(rows(page).first()).toContainText(domain);

  // A domain another site uses is refused on its field.
  await rows(page).first().getByRole('link', { name: 'Bianchi Agricoltura' }).click();
  await expect(field(page, 'domain')).toHaveValue(domain);
  await field(page, 'domain').fill('rossi.localhost');
  await page.getByTestId('form-save-continue').click();
  await expect(page.locator('[data-field="domain"]')).toContainText('Another site already uses this domain.');
  await field(page, 'domain').fill(domain);

  // Edit: a new name and the site switched off.
  await field(page, 'name').fill('Bianchi Agricoltura Srl');
  await page.locator('[data-field="is_active"] label').click();
  await expect(page.getByRole('switch', { name: msg('fields.tenant.is_active') })).not.toBeChecked();
  await page.getByTestId('form-save-continue').click();
  await expect(snackbar(page, msg('form.saved'))).toBeVisible();
  await page.reload();
  await expect(field(page, 'name')).toHaveValue('Bianchi Agricoltura Srl');
  await expect(page.getByRole('switch', { name: msg('fields.tenant.is_active') })).not.toBeChecked();

  // Its hosts no longer name a site.
  for (const host of [domain, `www.${domain}`]) expect((await get(page, `/api/tenants/exists?domain=${host}`)).status).toBe(404);
});

test('admin edits a market’s settings and finds them after a reload', async ({ page }) => {
  await signIn(page, '/marketSettings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('entities.market.many'));
  await rows(page).filter({ hasText: 'España' }).getByRole('link', { name: 'España' }).click();
  await expect(field(page, 'code')).toHaveValue('ES');

  await field(page, 'languages.pt').check();
  await field(page, 'contact_emails.new').fill('ventas.espana@example.com');
  await page.getByRole('button', { name: msg('fields.list.add') }).click();
  await page
    .getByTestId('contact_emails-chips')
    .getByRole('button', { name: msg('fields.removeItem', { item: 'mercado.espana@example.com' }) })
    .click();
  await page.locator('[data-field="indexing_enabled"] label').click();
  await expect(page.getByRole('switch', { name: msg('fields.market.indexing_enabled') })).toBeChecked();
  await field(page, 'indexing_endpoint').fill('https://indexing.example.com/es');
  await field(page, 'currency').selectOption('EUR');
  await page.getByTestId('form-save-continue').click();
  await expect(snackbar(page, msg('form.saved'))).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('contact_emails-chips').locator('li')).toHaveText([/ventas\.espana@example\.com/]);
  await expect(field(page, 'languages.pt')).toBeChecked();
  await expect(field(page, 'languages.es')).toBeChecked();
  await expect(page.getByRole('switch', { name: msg('fields.market.indexing_enabled') })).toBeChecked();
  await expect(field(page, 'indexing_endpoint')).toHaveValue('https://indexing.example.com/es');
});

test('onboarding a dealer site takes five actions after sign-in: the defaults fill the rest', async ({ page }) => {
  const domain = `quick-${Date.now()}.localhost`;
  await signIn(page, '/');
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: msg('nav.tenants') })
    .click(); // 1
  await page.getByTestId('list-new').click(); // 2
  await field(page, 'name').fill('Agricola Veloce'); // 3
  await field(page, 'domain').fill(domain); // 4
  await page.getByTestId('form-save').click(); // 5
  await expect(page).toHaveURL(/\/tenants(\?.*)?$/);
  await expect(rows(page).filter({ hasText: 'Agricola Veloce' })).toBeVisible();
  expect((await get(page, `/api/tenants/by_domain?domain=${domain}`)).data).toMatchObject({
    name: 'Agricola Veloce',
    brand_list: ['DF'],
    languages: ['it', 'en'],
    default_language: 'it',
  });
});
