import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { call, msg, signIn, snackbar, url } from './rossi';

/**
 * Issue 17: a dealer exports what a list shows, or the rows it ticked, and the downloaded
 * file holds exactly those rows, in the list's order.
 */

const tableIds = (page: Page) =>
  page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-id'))));

async function download(page: Page, item: string) {
  await page.getByTestId('list-export').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(item).click()]);
  const rows = parse((await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
  return { name: file.suggestedFilename(), rows };
}

test('the exported list holds the rows the list shows, in its order, and the ticked rows alone', async ({ page }) => {
  // Tags of its own, found by a word of its own: other tests make and delete tags meanwhile.
  const marker = `Esporta${Date.now().toString(36)}`;
  await signIn(page, '/products/tag');
  for (const n of ['uno', 'due', 'tre', 'quattro']) {
    const res = await call(page, 'POST', '/api/products/tag/', { translations: { it: { title: `${marker} ${n}` } } });
    expect(res.status).toBe(201);
  }
  await page.goto(url(`/products/tag?items=100&sort=-title&search=${marker}`));
  const rows = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
  await expect(rows.first()).toBeVisible();
  const shown = await tableIds(page);
  expect(shown).toHaveLength(4);

  const all = await download(page, 'export-list-csv');
  expect(all.name).toMatch(/^tag-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(all.rows.map((r) => Number(r.id))).toEqual(shown);
  await expect(snackbar(page, msg('list.exportDone'))).toBeVisible();

  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  const ticked = await download(page, 'export-selected-csv');
  expect(ticked.rows.map((r) => Number(r.id))).toEqual([shown[0], shown[2]]);
});
