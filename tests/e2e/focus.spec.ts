import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, login } from './helpers';
import { confirmDialog, field, form, msg, signIn, url } from './rossi';

/**
 * Keyboard focus (issue 18, Accessibility: Focus; defect 11's confirm dialog), as Rossi:
 * where focus lands after a route change, a failed save and a confirm, the skip link,
 * and a visible ring on every control the Tab key reaches.
 */

const focused = (page: Page) => page.locator(':focus');

test('a confirm dialog focuses the safe button (Cancel), not the destructive one', async ({ page }) => {
  await signIn(page, '/products');
  const firstRow = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first();
  const id = await firstRow.getAttribute('data-row-id');
  await firstRow.getByRole('button', { name: msg('list.deleteRow', { id: id! }) }).click();
  const dialog = confirmDialog(page);
  const cancel = dialog.getByRole('button', { name: msg('confirm.cancel') });
  await expect(cancel).toBeVisible();
  await expect(cancel).toBeFocused();
  // Enter on the focused button declines: nothing is deleted.
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`tr[data-row-id="${id}"]`)).toBeVisible();
});

test('the skip link leads past the navigation, and a route change focuses the new page’s heading', async ({ page }) => {
  // Through the sign-in form: signing in is a route change too, and the home page's heading has focus.
  await page.goto(url('/'));
  await login(page, 'rossi');
  await expectSignedIn(page, 'rossi');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // A fresh load starts at the top: the first Tab reaches the skip link.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: msg('layout.skipToContent') });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: msg('nav.promotions') })
    .click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(msg('entities.promotion.many'));
  await expect(heading).toBeFocused();
  // The next Tab goes on into the page, not back to the top.
  await page.keyboard.press('Tab');
  expect(await focused(page).evaluate((el) => !!el.closest('main'))).toBe(true);
});

test('a failed save focuses the first invalid field, on its language tab and its section', async ({ page }) => {
  await signIn(page, '/products/new');
  await expect(form(page)).toBeVisible();
  // Somewhere else than where the error will be: the English tab, the content section.
  await page.locator('[role="tab"][data-lang="en"]').click();
  await page.getByRole('tab', { name: msg('tabs.content') }).click();
  await expect(page.locator('[data-testid="translations.en.description-editor"] [role="textbox"]')).toBeVisible();
  await page.getByTestId('form-save').click();
  // Italian is this site's default language: its name is required.
  const name = field(page, 'translations.it.name');
  await expect(name).toBeFocused();
  await expect(page.locator('[role="tab"][data-lang="it"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: msg('tabs.general') })).toHaveAttribute('aria-selected', 'true');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
});

/** Presses Tab `times` times; after each, the focused control and the width of the ring it shows. */
async function tabWalk(page: Page, times: number) {
  const seen: Array<{ name: string; width: number }> = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // A visually hidden input (a switch) shows its ring on the control drawn next to it.
      const shown = el.getBoundingClientRect().width <= 1 ? ((el.nextElementSibling as HTMLElement | null) ?? el) : el;
      const s = getComputedStyle(shown);
      const attr = (a: string) => (el.getAttribute(a) ? `[${a}=${el.getAttribute(a)}]` : '');
      return {
        name: `${el.tagName.toLowerCase()}${attr('role')}${attr('name')}${attr('aria-label')} ${el.textContent?.trim().slice(0, 30) ?? ''}`,
        width: s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth),
      };
    });
    if (ring) seen.push(ring);
  }
  return seen;
}

test('every control the Tab key reaches on a form shows a focus ring of at least 2 px', async ({ page }) => {
  await signIn(page, '/products/new');
  await expect(field(page, 'translations.it.name')).toBeVisible();
  // From the top: the shell, the language and section tabs, the general fields, the footer.
  const general = await tabWalk(page, 45);
  await page.getByRole('tab', { name: msg('tabs.content') }).click();
  await expect(page.locator('[data-testid="translations.it.description-editor"] [role="textbox"]')).toBeVisible();
  // The rich-text toolbar and editor, the repeater.
  const content = await tabWalk(page, 20);
  for (const { name, width } of [...general, ...content]) expect(width, `no focus ring on ${name}`).toBeGreaterThanOrEqual(2);
  expect(general.map((r) => r.name).join('\n')).toContain('translations.it.name');
  expect(content.map((r) => r.name).join('\n')).toContain('[role=textbox]');
});
