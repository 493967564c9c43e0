import { expect, type Page, test } from '@playwright/test';
import type { UserInfo } from '../../machines/session.types';
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { sidebarMenu } from '../../src/routing/sidebar';
import { GROUPS, ROUTES } from '../../src/routing/routes';
import { expectSignedIn, login, site } from './helpers';

const lookup = (messages: object, key: string) => key.split('.').reduce<any>((o, k) => o?.[k], messages) as string;

/** What the sidebar must list for the signed-in user, from the rules and the server's own profile. */
async function expectedSidebar(page: Page, dealerBackoffice: boolean, messages: object) {
  const label = (key: string) => lookup(messages, key);
  // Asked from the page: the session cookie belongs to the page's host (rossi.localhost), not to baseURL's.
  const profile = (await page.evaluate(() => fetch('/api/profiles/me/', { headers: { accept: 'application/json' } }).then((r) => r.json()))) as UserInfo;
  const menu = sidebarMenu(ROUTES, GROUPS, { loggedIn: true, user: profile, dealerBackoffice }, { withScreenOnly: true });
  return {
    top: menu.main.map((e) => label(e.label)),
    footer: [...menu.footer.map((e) => label(e.label)), label('nav.logout')],
  };
}

async function sidebarOf(page: Page) {
  const nav = page.getByTestId('sidebar');
  await expect(nav).toBeVisible();
  const top = await nav.locator(':scope > ul').first().locator(':scope > li > a, :scope > li > button').allInnerTexts();
  const footer = await nav.locator(':scope > ul').nth(1).locator(':scope > li').allInnerTexts();
  return { top: top.map((s) => s.trim()), footer: footer.map((s) => s.trim()) };
}

for (const [username, host, dealerBackoffice, messages] of [
  ['admin', 'localhost', false, en],
  ['staff', 'localhost', false, en],
  ['market', 'localhost', false, en],
  ['rossi', 'rossi.localhost', true, it],
  ['verdi', 'verdi.localhost', true, en],
] as const) {
  test(`${username} sees exactly the sidebar the rules give`, async ({ page }) => {
    await page.goto(site(host));
    await login(page, username);
    await expectSignedIn(page, username);
    expect(await sidebarOf(page)).toEqual(await expectedSidebar(page, dealerBackoffice, messages));
  });
}

test('the master sees a language selector and a dealer does not', async ({ page, browser }) => {
  await page.goto(site('localhost'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('language-select')).toBeVisible();

  const dealer = await browser.newPage();
  await dealer.goto(site('rossi.localhost'));
  await login(dealer, 'rossi');
  await expectSignedIn(dealer, 'rossi');
  await expect(dealer.getByRole('button', { name: it.nav.logout })).toBeVisible();
  await expect(dealer.getByTestId('language-select')).toHaveCount(0);
  await dealer.close();
});

test('the sidebar mode survives a reload, stored as 0/1 cookies', async ({ page, context }) => {
  await page.goto(site('localhost'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  await expect(page.locator('aside')).toHaveAttribute('data-mode', 'drawer');
  await page.getByRole('button', { name: 'Display' }).click();
  await page.getByRole('checkbox', { name: 'Icons only' }).check();
  // The header moves under the new layout, closing the popover: a click, not a check that reads the box back.
  await page.getByRole('checkbox', { name: 'Sidebar under the header' }).click();
  await expect(page.locator('aside')).toHaveAttribute('data-mode', 'mini');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'clipped');

  await page.reload();
  await expectSignedIn(page, 'admin');
  await expect(page.locator('aside')).toHaveAttribute('data-mode', 'mini');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'clipped');
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({ sidebar_minivariant: '1', sidebar_clipped: '1', sidebar_drawer: '1' });

  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('aside')).toHaveCount(0);
  await page.reload();
  await expectSignedIn(page, 'admin');
  await expect(page.locator('aside')).toHaveCount(0);
});

test('on a phone the navigation overlays the page and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(site('localhost'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  await expect(page.locator('aside')).toHaveCount(0);
  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('aside')).toHaveAttribute('data-mode', 'overlay');
  await page.mouse.click(370, 400);
  await expect(page.locator('aside')).toHaveCount(0);
  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('aside')).toHaveAttribute('data-mode', 'overlay');
  await page.keyboard.press('Escape');
  await expect(page.locator('aside')).toHaveCount(0);
});

test('in icons-only mode an expanded group still shows its children a step in', async ({ page }) => {
  await page.goto(site('localhost'));
  await login(page, 'admin');
  await expectSignedIn(page, 'admin');
  await page.getByRole('button', { name: 'Display' }).click();
  await page.getByRole('checkbox', { name: 'Icons only' }).check();
  await expect(page.locator('aside')).toHaveAttribute('data-mode', 'mini');
  const group = page.locator('button[aria-controls="nav-group-pages"]');
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const groupIcon = await group.locator('svg').first().boundingBox();
  const childIcon = await page.locator('#nav-group-pages a svg').first().boundingBox();
  expect(childIcon!.x).toBeGreaterThan(groupIcon!.x + 4);
});
