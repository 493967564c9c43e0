import { expect, type Locator, type Page, test } from '@playwright/test';
import { call, confirmDialog, field, form, msg, signIn, snackbar, url } from './rossi';

/**
 * History, bin and activity (issue 16) as Rossi, whose back-office speaks Italian: a product
 * edited twice shows both edits in its history with a field-by-field diff; the earlier
 * version is restored and the form shows its text again; a deleted row comes back from its
 * entity's bin; the activity screen lists all of it and filters by action.
 */
test('a dealer compares and restores revisions, restores a row from the bin, and finds it all in the activity log', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/products');
  const brand = (await call(page, 'GET', '/api/brand/?items=1')).data.items[0].id;
  const stamp = Date.now();
  const made = await call(page, 'POST', '/api/products/', {
    brand,
    status: 'draft',
    translations: { it: { name: `Trattore storia ${stamp}`, slug: `trattore-storia-${stamp}` } },
  });
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  const id = made.data.id as number;

  // Two edits through the form.
  for (const name of [`Trattore storia ${stamp} bis`, `Trattore storia ${stamp} ter`]) {
    await page.goto(url(`/products/${id}`));
    await field(page, 'translations.it.name').fill(name);
    await page.getByTestId('form-save-continue').click();
    await expect(snackbar(page, msg('form.saved'))).toBeVisible();
    await expect(form(page)).toHaveAttribute('data-status', 'saved');
  }

  // The history, opened from the keyboard: newest first, the create last.
  await page.getByTestId('history-toggle').focus();
  await page.keyboard.press('Enter');
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute('data-action', 'update');
  await expect(entries.nth(2)).toHaveAttribute('data-action', 'create');
  await expect(entries.nth(0)).toContainText(msg('history.current'));
  await expect(entries.nth(0)).toContainText('rossi');

  // Any two: the create against the newest, the name per language.
  await entries.nth(2).getByRole('button', { pressed: false }).first().click();
  await entries.nth(0).getByRole('button', { pressed: false }).first().click();
  const diff = page.getByTestId('history-diff');
  const nameRow = diff.locator('[data-diff="translations.it.name"]');
  await expect(nameRow).toContainText(`Trattore storia ${stamp}`);
  await expect(nameRow).toContainText(`Trattore storia ${stamp} ter`);

  // Restore the first edit: asked first, then the form reads the row again with its text.
  await entries.nth(1).getByTestId('history-restore').click();
  const ask = confirmDialog(page);
  await expect(ask).toContainText(msg('history.restoreTitle'));
  await ask.getByRole('button', { name: msg('history.restore') }).click();
  await expect(snackbar(page, msg('history.restoredNotice'))).toBeVisible();
  await expect(field(page, 'translations.it.name')).toHaveValue(`Trattore storia ${stamp} bis`);
  expect((await call(page, 'GET', `/api/products/${id}/`)).data.translations.it.name).toBe(`Trattore storia ${stamp} bis`);

  // A restore over a version changed elsewhere is refused with a clear message, and nothing is written.
  await page.getByTestId('history-toggle').click();
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toHaveAttribute('data-action', 'restore');
  const current = (await call(page, 'GET', `/api/products/${id}/`)).data;
  const elsewhere = await call(page, 'PATCH', `/api/products/${id}/`, {
    version: current.version,
    translations: { it: { name: `Trattore storia ${stamp} altrove` } },
  });
  expect(elsewhere.status, JSON.stringify(elsewhere.data)).toBe(200);
  await entries.nth(2).getByTestId('history-restore').click();
  await confirmDialog(page)
    .getByRole('button', { name: msg('history.restore') })
    .click();
  await expect(snackbar(page, msg('history.staleNotice'))).toBeVisible();
  await expect(field(page, 'translations.it.name')).toHaveValue(`Trattore storia ${stamp} altrove`);

  // Deleted, then back from the products' bin.
  await page.getByTestId('form-delete').click();
  await confirmDialog(page)
    .getByRole('button', { name: msg('confirm.delete') })
    .click();
  await expect(page.getByTestId('entity-list')).toBeVisible();
  await page.getByTestId('list-bin').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('bin.title'));
  const deleted = page.getByTestId('bin-entry').filter({ hasText: `Trattore storia ${stamp} altrove` });
  await expect(deleted).toBeVisible();
  await deleted.getByTestId('bin-restore').click();
  await expect(confirmDialog(page)).toContainText(`Trattore storia ${stamp} altrove`);
  await confirmDialog(page)
    .getByRole('button', { name: msg('bin.restore') })
    .click();
  await expect(snackbar(page, msg('bin.restoredNotice'))).toBeVisible();
  await expect(deleted).toHaveCount(0);
  expect((await call(page, 'GET', `/api/products/${id}/`)).data.translations.it.name).toBe(`Trattore storia ${stamp} altrove`);

  // The activity log: every step, newest first; filtered by action; a line leads to the row's revision.
  // Other tests write on this site meanwhile (an import adds hundreds of lines), so each of
  // this row's lines is looked for through the filters and, when pushed down, Load more.
  await page.getByRole('link', { name: msg('nav.activity') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('activity.title'));
  const lines = page.getByTestId('activity-entry').filter({ has: page.getByTestId('activity-link').filter({ hasText: new RegExp(`#${id}$`) }) });
  await page.getByTestId('activity-model').selectOption('product');
  await settled(page);
  await loadUntilShown(page, lines);
  await expect(lines.first()).toHaveAttribute('data-action', 'restore');
  for (const action of ['create', 'update', 'delete', 'restore']) {
    await page.getByTestId('activity-action').selectOption(action);
    await settled(page);
    await expect(page.getByTestId('activity-entry').and(page.locator(`:not([data-action="${action}"])`))).toHaveCount(0);
    await loadUntilShown(page, lines);
    await expect(lines.first()).toHaveAttribute('data-action', action);
    if (action === 'delete') await expect(lines).toHaveCount(1);
  }
  await page.getByTestId('activity-action').selectOption('update');
  await settled(page);
  await loadUntilShown(page, lines);
  await lines.first().getByTestId('activity-link').click();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await expect(page.getByTestId('history-diff').locator('[data-diff="translations.it.name"]')).toBeVisible();
});

/** The activity screen has read what it asked for. */
const settled = (page: Page) => expect(page.getByTestId('activity')).toHaveAttribute('aria-busy', 'false');

/** Pages of the log are read until `lines` has one, or the log has no more. */
async function loadUntilShown(page: Page, lines: Locator) {
  const more = page.getByTestId('activity-more');
  while ((await lines.count()) === 0 && (await more.isVisible())) {
    await more.click();
    await settled(page);
  }
  await expect(lines.first()).toBeVisible();
}
