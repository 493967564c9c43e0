import http from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { E2E_PORT } from '../../playwright.config';
import { call, expectSignedIn, login, site } from './helpers';

/**
 * Issue 15 §4, the master's half: the superuser opens Redirects in the master back-office,
 * sees the redirects of every dealer site with their site, filters the list by site, adds a
 * redirect for one site with the generic form, and that site's delivery API answers the old
 * path with a 301 to the new one. The master site speaks English.
 */

function msg(key: string): string {
  const raw = key.split('.').reduce<any>((o, k) => o?.[k], en);
  if (typeof raw !== 'string') throw new Error(`no text for ${key}`);
  return raw;
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** The delivery API's answer to `route?path=` on a dealer host, as a website's server asks it (no redirect followed). */
function route(host: string, path: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: E2E_PORT, path: `/api/public/v1/route?path=${encodeURIComponent(path)}`, headers: { host: `${host}:${E2E_PORT}` } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
  });
}

async function siteNamed(page: Page, domain: string): Promise<{ id: number; name: string }> {
  const { data } = await call(page, 'GET', `/api/tenants/?search=${domain}`);
  return (data.items as { id: number; name: string; domain: string }[]).find((s) => s.domain === domain)!;
}

test('the superuser lists every site’s redirects, filters them by site, and adds one that the site’s delivery API answers', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(site('localhost', '/backoffice/'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  const [rossi, verdi] = [await siteNamed(page, 'rossi.localhost'), await siteNamed(page, 'verdi.localhost')];
  const n = Date.now();
  const [from, to] = [`/it/vecchia-pagina-${n}`, `/it/nuova-pagina-${n}`];
  // One of Verdi's, so that the filter has something to leave out.
  const verdiMade = await call(page, 'POST', '/api/redirects/', { tenant: verdi.id, from_path: `/verdi-${n}`, to_path: '/it/' });
  expect(verdiMade.status, JSON.stringify(verdiMade.data)).toBe(201);

  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: msg('nav.redirects') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: msg('entities.redirect.many') })).toBeVisible();
  const table = page.getByTestId('entity-table');
  await expect(table.getByRole('columnheader', { name: msg('fields.redirect.tenant') })).toBeVisible();
  await expect(table.locator('tr', { hasText: `/verdi-${n}` })).toContainText(verdi.name);

  // A new redirect for Rossi's site, with the generic form: the site first.
  await page.getByTestId('list-new').click();
  const picker = field(page, 'tenant.search');
  await picker.click();
  await picker.fill(rossi.name.slice(0, 6));
  await page.getByRole('option', { name: rossi.name }).first().click();
  await field(page, 'from_path').fill(from);
  await field(page, 'to_path').fill(to);
  await page.getByTestId('form-save').click();
  await expect(
    page
      .locator('[role="status"]')
      .filter({ hasText: msg('form.saved') })
      .last(),
  ).toBeVisible();
  await expect(table.locator('tr', { hasText: from })).toContainText(rossi.name);

  // Filtered by Rossi's site: Rossi's new redirect stays, Verdi's goes.
  const filter = field(page, 'fltr.tenant');
  await filter.click();
  await filter.fill(rossi.name.slice(0, 6));
  await page.getByRole('option', { name: rossi.name }).first().click();
  await expect(table.locator('tr', { hasText: from })).toBeVisible();
  await expect(table.locator('tr', { hasText: `/verdi-${n}` })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`fltr=tenant%3D${rossi.id}|fltr=tenant=${rossi.id}`));

  // The site's website now gets a 301 for the old path; Verdi's does not.
  expect(await route('rossi.localhost', from)).toEqual({ status: 301, body: { location: to } });
  expect((await route('verdi.localhost', from)).status).toBe(404);
});
