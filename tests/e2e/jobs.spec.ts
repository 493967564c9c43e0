import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { axe, seriousProblems } from './axe';
import { call, msg, signIn, snackbar, url } from './rossi';

/**
 * Issue 17 §3 and §5: a dealer ticks products and bulk edits them; the job shows in the
 * header's jobs panel until it is done, a snackbar says so, and the list shows what it
 * changed. A job that left rows as they were offers its error report as CSV.
 */

/** No serious or critical axe violation on the page as it is now. */
async function expectAxeClean(page: Page) {
  expect(seriousProblems((await axe(page).analyze()).violations)).toEqual([]);
}

/** Products of this test's own, named after `word` so that a search lists them alone. */
async function products(page: Page, word: string, count: number, price: number): Promise<number[]> {
  const brand = (await call(page, 'GET', '/api/brand/?items=1')).data.items[0].id;
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await call(page, 'POST', '/api/products/', {
      brand,
      status: 'draft',
      price,
      translations: { it: { name: `${word} ${i}`, slug: `${word}-${i}` } },
    });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    ids.push(res.data.id);
  }
  return ids;
}

async function openList(page: Page, word: string, count: number) {
  await page.goto(url(`/products?search=${word}`));
  await expect(page.locator('[data-testid="entity-table"] tbody tr[data-row-id]')).toHaveCount(count);
}

async function bulkEditTicked(page: Page) {
  await page.getByRole('checkbox', { name: msg('list.selectPage') }).check();
  await page.getByTestId('bulk-bar').getByTestId('list-bulk-edit').click();
  const dialog = page.getByTestId('bulk-edit-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Submits the dialog and opens the jobs panel at the job the server answered with: other
 * tests start jobs as the same user meanwhile, so the newest in the panel may be theirs.
 */
async function submitAndFollow(page: Page) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/bulk_update/')),
    page.getByTestId('bulk-edit-dialog').getByTestId('bulk-submit').click(),
  ]);
  expect(answer.status()).toBe(202);
  const id = ((await answer.json()) as { job: { id: number } }).job.id;
  await expect(page.getByTestId('bulk-edit-dialog')).toBeHidden();
  await page.getByTestId('jobs-button').click();
  const job = page.getByTestId('jobs-panel').locator(`li[data-job-id="${id}"]`);
  await expect(job).toBeVisible();
  return { job, id };
}

test('a dealer bulk edits the status of ticked products: the job runs to done in the jobs panel and the list shows the new status', async ({ page }) => {
  await signIn(page, '/products');
  const word = `bulkstato${Date.now().toString(36)}`;
  await products(page, word, 3, 1000);
  await openList(page, word, 3);

  const dialog = await bulkEditTicked(page);
  await expect(dialog.getByTestId('bulk-field')).toHaveValue('status');
  await expect(dialog.getByRole('radio', { name: msg('list.bulkRowsSelected', { rows: 3 }) })).toBeChecked();
  await dialog.locator('[name="set.status"]').selectOption('archived');
  const { job, id } = await submitAndFollow(page);
  await expect(snackbar(page, msg('list.bulkEditStarted'))).toBeVisible();

  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  await expect(job.getByTestId('job-rows')).toHaveText(msg('jobs.rows', { done: 3, total: 3 }));
  await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(snackbar(page, msg('jobs.ended.done', { kind: msg('jobs.kind.bulk_update'), id, done: 3, total: 3 }))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('jobs-panel')).toBeHidden();

  // The list read itself again when the job ended.
  const rows = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
  for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toContainText(msg('options.product.status.archived'));
});

test('a bulk edit the server refuses says so on its field; one that leaves rows as they were offers the error report', async ({ page }) => {
  // Two axe audits besides the job: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await signIn(page, '/products');
  const word = `bulkprezzo${Date.now().toString(36)}`;
  const ids = await products(page, word, 2, 10);
  await openList(page, word, 2);

  const dialog = await bulkEditTicked(page);
  await dialog.getByTestId('bulk-field').selectOption('price');
  await dialog.getByTestId('bulk-op').selectOption('percent');
  await dialog.locator('[name="set.price"]').fill('-150');
  await dialog.getByTestId('bulk-submit').click();
  await expect(dialog.locator('[data-field="set.price"]')).toContainText(msg('validation.bulkAdjust'));
  await expectAxeClean(page);

  // Lowering 10 by 50 would go below zero: each row is reported, none is changed.
  await dialog.getByTestId('bulk-op').selectOption('amount');
  await dialog.locator('[name="set.price"]').fill('-50');
  const { job, id } = await submitAndFollow(page);

  await expect(job).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  await expect(job.getByTestId('job-errors')).toHaveText(msg('jobs.errors', { errors: 2 }));
  await expect(snackbar(page, msg('jobs.ended.doneWithErrors', { kind: msg('jobs.kind.bulk_update'), id, errors: 2 }))).toBeVisible();
  await expectAxeClean(page);
  const [file] = await Promise.all([page.waitForEvent('download'), job.getByTestId('job-report').click()]);
  expect(file.suggestedFilename()).toBe(`job-${id}-errors.csv`);
  const report = parse((await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
  expect(report.map((r) => [Number(r.row), r.field])).toEqual(ids.map((rowId) => [rowId, 'price']));
});
