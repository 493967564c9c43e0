import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { msg, signIn, snackbar } from './rossi';

/**
 * Issue 17 (docs/decisions.md §33): the dealer's users list exports what it shows, or the
 * ticked rows, through the same Export menu as the entity lists — and no secret column.
 */

const tableIds = (page: Page) =>
  page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-id'))));

async function download(page: Page, item: string) {
  await page.getByTestId('list-export').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(item).click()]);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  return { name: file.suggestedFilename(), text, rows: parse(text, { columns: true }) as Array<Record<string, string>> };
}

test("the users list exports its dealer users in the list's order, the ticked one alone, without passwords", async ({ page }) => {
  await signIn(page, '/users?sort=-username');
  const rows = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
  await expect(rows.first()).toBeVisible();
  const shown = await tableIds(page);
  expect(shown.length).toBeGreaterThan(1);

  const all = await download(page, 'export-list-csv');
  expect(all.name).toMatch(/^user-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(all.rows.map((r) => Number(r.id))).toEqual(shown);
  expect(all.rows.map((r) => r.role)).toEqual(shown.map(() => 'DE'));
  expect(Object.keys(all.rows[0]!)).not.toContain('password');
  expect(all.text).not.toMatch(/argon2/);
  await expect(snackbar(page, msg('list.exportDone'))).toBeVisible();

  await rows.nth(1).getByRole('checkbox').check();
  const ticked = await download(page, 'export-selected-csv');
  expect(ticked.rows.map((r) => Number(r.id))).toEqual([shown[1]]);
});
