import { expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { axe, seriousProblems } from './axe';
import { call, expectSignedIn, login, site, signInAt } from './helpers';

/**
 * Website API keys on a dealer site's form (issue 15), as the superuser on the master
 * back-office: a key is made under a name, shown once with a copy button, listed by its
 * prefix only, and revoked after the confirm dialog. The master site speaks English.
 */

/** Serious and critical axe violations inside the element, as `rule: targets`. */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const { violations } = await axe(page).include(selector).analyze();
  return seriousProblems(violations);
}

function msg(key: string, values: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<any>((o, k) => o?.[k], en);
  if (typeof raw !== 'string') throw new Error(`no text for ${key}`);
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

const signIn = (page: Page) => signInAt(page, 'localhost', 'admin', '/tenants');

/** The site's form, on its Website API tab. */
async function openSite(page: Page, id: number) {
  await page.goto(site('localhost', `/backoffice/tenants/${id}`));
  await page.getByRole('tab', { name: msg('tabs.websiteApi') }).click();
}

async function siteOf(page: Page, domain: string): Promise<number> {
  const { data } = await call(page, 'GET', `/api/tenants/?search=${domain}`);
  return (data.items as { id: number; domain: string }[]).find((s) => s.domain === domain)!.id;
}

test('the superuser makes a key for a dealer site, sees it once, copies it, finds its prefix in the list and revokes it', async ({ page, context }) => {
  // Two forms, a dialog and the clipboard: past 30 s on a busy machine.
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const id = await siteOf(page, 'verdi.localhost');
  await openSite(page, id);
  const panel = page.getByTestId('site-keys');
  await expect(panel.getByRole('heading', { name: msg('siteKeys.title') })).toBeVisible();
  await expect(panel.getByTestId('site-keys-loading')).toHaveCount(0);

  // Keyboard only: the button opens the dialog, focus lands in the name, Enter sends it.
  await panel.getByTestId('site-keys-new').focus();
  await page.keyboard.press('Enter');
  const naming = page.getByTestId('site-key-name-dialog');
  await expect(naming.getByRole('heading', { name: msg('siteKeys.newTitle') })).toBeVisible();
  await expect(page.getByTestId('site-key-name')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(naming.getByRole('alert')).toHaveText(msg('validation.required'));
  await page.keyboard.type('Verdi shop');
  await page.keyboard.press('Enter');

  const shown = page.getByTestId('site-key-made-dialog');
  await expect(shown.getByRole('heading', { name: msg('siteKeys.shownOnceTitle', { name: 'Verdi shop' }) })).toBeVisible();
  await expect(shown.getByRole('alert')).toContainText(msg('siteKeys.shownOnceWarning'));
  expect(await axeProblems(page, '[data-testid="site-key-made-dialog"]')).toEqual([]);
  const key = await page.getByTestId('site-key-value').inputValue();
  expect(key).toMatch(/^dbk_[A-Za-z0-9_-]{43}$/);
  await page.getByTestId('site-key-copy').click();
  await expect(page.getByTestId('site-key-copied')).toHaveText(msg('siteKeys.copied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // The site's form stayed as it was: the dialog's Enter saved nothing.
  await expect(page.getByTestId('dirty-badge')).toHaveCount(0);
  await page.getByTestId('site-key-done').click();
  await expect(shown).toHaveCount(0);

  // Listed by name and prefix; the key itself is nowhere on the page any more.
  const row = panel.getByTestId('site-key').filter({ hasText: 'Verdi shop' });
  await expect(row.getByTestId('site-key-prefix')).toHaveText(`${key.slice(0, 12)}…`);
  await expect(row.getByTestId('site-key-status')).toHaveText(msg('siteKeys.active'));
  await expect(row).toContainText(msg('siteKeys.never'));
  expect(await page.content()).not.toContain(key);
  expect(await axeProblems(page, '[data-testid="site-keys"]')).toEqual([]);

  await row.getByRole('button', { name: msg('siteKeys.revokeNamed', { name: 'Verdi shop' }) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(msg('siteKeys.revokeQuestion', { name: 'Verdi shop' }));
  await confirm.getByRole('button', { name: msg('siteKeys.revoke') }).click();
  await expect(page.locator('[role="status"]').filter({ hasText: msg('siteKeys.revokedNotice') })).toBeVisible();
  await expect(row.getByTestId('site-key-status')).toContainText(msg('siteKeys.revoked'));
  await expect(row.getByRole('button', { name: msg('siteKeys.revokeNamed', { name: 'Verdi shop' }) })).toHaveCount(0);

  const { data } = await call(page, 'GET', `/api/siteKeys/?tenant=${id}`);
  const listed = (data.items as { prefix: string; revoked_at: string | null }[]).find((k) => k.prefix === key.slice(0, 12));
  expect(listed?.revoked_at).not.toBeNull();
});

test('a dealer site lists the origins its API answers to, written as origins', async ({ page }) => {
  await signIn(page);
  // A site of its own: other tests edit the demo sites' forms at the same time.
  const domain = `origins-${Date.now()}.localhost`;
  const made = await call(page, 'POST', '/api/tenants/', { name: 'Origins test', domain, brand_list: ['DF'], languages: ['it'], default_language: 'it' });
  expect(made.status).toBe(201);
  await openSite(page, made.data.id as number);
  const input = page.locator('[name="api_origins.new"]');
  await input.fill('https://shop.rossi.example/path');
  await input.press('Enter');
  await input.fill('http://localhost:3000');
  await input.press('Enter');
  await page.getByTestId('form-save-continue').click();
  await expect(page.getByTestId('entity-form')).toContainText(msg('validation.webOrigin'));
  await page.getByTestId('api_origins-chips').locator('li').filter({ hasText: 'https://shop.rossi.example/path' }).getByRole('button').click();
  await page.getByTestId('form-save-continue').click();
  await expect(page.locator('[role="status"]').filter({ hasText: msg('form.saved') })).toBeVisible();
  await expect(page.getByTestId('api_origins-chips').locator('li')).toHaveText([/http:\/\/localhost:3000/]);
});

test('a new dealer site shows no keys panel until it exists', async ({ page }) => {
  await page.goto(site('localhost', '/backoffice/tenants/new'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  await page.getByRole('tab', { name: msg('tabs.websiteApi') }).click();
  await expect(page.locator('[name="api_origins.new"]')).toBeVisible();
  await expect(page.getByTestId('site-keys')).toHaveCount(0);
});
