import { expect, type Page, test } from '@playwright/test';
import { ROUTES } from '../../src/routing/routes';
import { expectSignedIn, login, site } from './helpers';

/**
 * Issue 18, defect 3: every entity list fits its box on a desktop and on a phone. The page
 * itself never scrolls sideways (header included); a table wider than its box scrolls
 * inside its own box, and the row actions stay in view.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The list routes of one back-office, straight from the route table. */
const listsOf = (backoffice: 'master' | 'dealer') =>
  ROUTES.filter(
    (r) => r.model && !r.hidden && !r.path.startsWith('/sitePages') && r.path !== '/media' && (r.backoffice === backoffice || r.backoffice === 'both'),
  ).map((r) => r.path);

const SITES = [
  { name: 'master', host: 'localhost', user: 'admin', lists: listsOf('master') },
  { name: 'dealer', host: 'rossi.localhost', user: 'rossi', lists: listsOf('dealer') },
] as const;

async function expectListFits(page: Page, path: string) {
  const list = page.getByTestId('entity-list');
  await expect(list, path).toBeVisible();
  const firstRow = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first();
  await expect(firstRow.or(page.getByTestId('list-empty')), path).toBeVisible();
  const widths = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return { page: document.scrollingElement!.scrollWidth, viewport: window.innerWidth, main: main.scrollWidth, mainBox: main.clientWidth };
  });
  expect(widths.page, `${path}: the page is wider than the viewport`).toBeLessThanOrEqual(widths.viewport);
  expect(widths.main, `${path}: the content scrolls sideways, not only the table`).toBeLessThanOrEqual(widths.mainBox);
  if (await firstRow.count()) {
    // In the viewport and not clipped by the table's scroll box.
    await expect(firstRow.getByTestId('row-actions'), `${path}: row actions out of view`).toBeInViewport({ ratio: 1 });
  }
}

for (const s of SITES) {
  for (const vp of VIEWPORTS) {
    test(`every ${s.name} list fits the ${vp.name} (${vp.width}×${vp.height}) with its row actions in view`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto(site(s.host));
      await login(page, s.user);
      await expectSignedIn(page, s.user);
      for (const path of s.lists) {
        await page.goto(site(s.host, `/backoffice${path}`));
        await expectListFits(page, path);
      }
    });
  }
}
