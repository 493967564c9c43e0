import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Result } from 'axe-core';
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import type { UserInfo } from '../../machines/session.types';
import { resolveRoute } from '../../src/routing/resolve';
import { ROUTES } from '../../src/routing/routes';
import { axe } from './axe';
import { call, expectSignedIn, login, site } from './helpers';
import { uploadImage } from './rossi';

/**
 * Issue 18, Accessibility: no serious or critical axe violation on any screen of docs/spec.md §2
 * (lists, a detail of each, the site pages, home, sign-in, the 404), nor with the media
 * editor, the media picker, the display options, a confirm or a form's errors open; on a
 * desktop and a phone, on the master site and a dealer's. One page load per route.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Messages = typeof en;
const text = (messages: Messages, key: string) => key.split('.').reduce<any>((o, k) => o?.[k], messages) as string;

const SITES = [
  // The picker opens from a field of a new row: its form, the section that holds the field, the field's button.
  {
    name: 'master',
    host: 'localhost',
    user: 'admin',
    messages: en,
    picker: { path: '/tenants/new', section: 'tabs.contacts', button: 'media.chooseMedia' },
    invalid: '/tenants/new',
    confirm: '/tenants',
    entity: 'tenant',
  },
  {
    name: 'dealer',
    host: 'rossi.localhost',
    user: 'rossi',
    messages: it as Messages,
    picker: { path: '/products/new', section: 'tabs.media', button: 'media.addMedia' },
    invalid: '/products/new',
    confirm: '/products',
    entity: 'product',
  },
] as const;

const SERIOUS = new Set(['serious', 'critical']);

/** Every screen of docs/spec.md §2 that this user may open on this site, with a row for each detail screen. */
async function screensOf(page: Page, dealerBackoffice: boolean): Promise<string[]> {
  const { data: user } = (await call(page, 'GET', '/api/profiles/me/')) as { data: UserInfo };
  const viewer = { loggedIn: true, user, dealerBackoffice };
  const open = (path: string) => resolveRoute(ROUTES, path, '', viewer).kind === 'ok';
  const screens: string[] = [];
  for (const route of ROUTES) {
    if (route.name === 'login' || route.name.startsWith('dev.')) continue;
    if (!route.path.includes(':detail')) {
      if (open(route.path)) screens.push(route.path);
      continue;
    }
    const list = route.path.replace('/:detail', '');
    if (!open(list)) continue;
    // A row as it is (filled fields), or the new-row form of an empty list.
    const { data } = await call(page, 'GET', `/api${list}/?items=1`);
    screens.push(`${list}/${data?.items?.[0]?.id ?? 'new'}`);
  }
  return screens;
}

/** A screen is ready when its heading shows and nothing on it is loading. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now; serious and critical violations fail the test at the end, the others are reported. */
async function audit(page: Page, where: string, findings: Finding[]) {
  const { violations } = await axe(page).analyze();
  findings.push(
    ...violations.map((v: Result) => ({
      where,
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  );
}

async function open(page: Page, host: string, path: string) {
  await page.goto(site(host, `/backoffice${path}`));
  await settled(page);
}

const clickTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

for (const s of SITES) {
  for (const vp of VIEWPORTS) {
    test(`no serious or critical axe violation on the ${s.name} site on a ${vp.name} (${vp.width}×${vp.height})`, async ({ page }) => {
      // About forty screens, each audited whole: minutes on a busy two-CPU machine.
      test.setTimeout(480_000);
      const t = (key: string) => text(s.messages, key);
      const findings: Finding[] = [];
      await page.setViewportSize({ width: vp.width, height: vp.height });

      await page.goto(site(s.host, '/backoffice/login'));
      await expect(page.locator('input[name="username"]')).toBeVisible();
      await audit(page, '/login', findings);
      await login(page, s.user);
      await expectSignedIn(page, s.user);

      for (const path of await screensOf(page, s.name === 'dealer')) {
        await open(page, s.host, path);
        await audit(page, path, findings);
      }
      await open(page, s.host, '/no-such-page');
      await audit(page, '404', findings);

      // The bin of an entity, and a row's history open with a revision picked.
      await open(page, s.host, `/bin/${s.entity}`);
      await audit(page, `/bin/${s.entity}`, findings);
      const { data: rows } = await call(page, 'GET', `/api${s.confirm}/?items=1`);
      await open(page, s.host, `${s.confirm}/${rows.items[0].id}`);
      await page.getByTestId('history-toggle').click();
      await expect(page.getByTestId('history-panel')).toBeVisible();
      await page.getByTestId('history-entry').first().getByRole('button').first().click();
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      await audit(page, 'history', findings);

      // The display options, open.
      await page.getByRole('button', { name: t('layout.display') }).click();
      await expect(page.getByTestId('display-options')).toBeVisible();
      await audit(page, 'display options', findings);
      await page.keyboard.press('Escape');

      // The media manager with its editor open, on a picture of its own.
      const name = `a11y-${s.name}-${vp.name}-${Date.now()}.png`;
      await uploadImage(page, name);
      await open(page, s.host, '/media');
      // The tile's own button, not the Move button on it that names the file too.
      const tile = page
        .getByTestId('media-grid')
        .getByRole('button', { name: new RegExp(name.replace('.', '\\.')) })
        .and(page.locator('button:not([data-testid="media-tile-move"])'));
      await tile.click();
      await expect(page.getByTestId('media-editor')).toBeVisible();
      await audit(page, '/media with the editor', findings);

      // A form with its errors shown.
      await open(page, s.host, s.invalid);
      await page.getByTestId('form-save').click();
      await expect(page.getByTestId('form-errors')).toBeVisible();
      await audit(page, `${s.invalid} with errors`, findings);

      // The media picker, from a field of a form.
      await open(page, s.host, s.picker.path);
      await clickTab(page, t(s.picker.section));
      const chooser: Locator = page
        .locator('form')
        .getByRole('button', { name: new RegExp(`^${t(s.picker.button)}`) })
        .first();
      await chooser.click();
      await expect(page.getByTestId('media-picker')).toBeVisible();
      await expect(page.getByTestId('media-picker').locator('[aria-busy="true"]')).toHaveCount(0);
      await audit(page, `${s.picker.path} with the media picker`, findings);
      await page.keyboard.press('Escape');

      // A confirm, from a list's row delete.
      await open(page, s.host, s.confirm);
      await page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first().getByTestId('row-actions').getByRole('button').last().click();
      await expect(page.getByRole('button', { name: t('confirm.cancel') })).toBeFocused();
      await audit(page, `${s.confirm} with a confirm`, findings);

      const others = findings.filter((f) => !SERIOUS.has(f.impact));
      await test.info().attach('axe findings below serious', { body: JSON.stringify(others, null, 2), contentType: 'application/json' });
      expect(findings.filter((f) => SERIOUS.has(f.impact))).toEqual([]);
    });
  }
}
