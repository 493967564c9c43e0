import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { call, confirmDialog, msg, signIn, url } from './rossi';

/**
 * Issue 17: a dealer imports products through the wizard — a file, its columns, a dry run
 * that shows what would happen row by row, then the import itself — and the exported list
 * holds what was imported. Other e2e tests run at once on the same server: every row here
 * carries this test's own marker, and only those rows are compared.
 */

const marker = (word: string) => `${word}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function brandCode(page: Page): Promise<string> {
  const brands = (await call(page, 'GET', '/api/brand/?items=1')).data.items as Array<{ code: string }>;
  expect(brands.length).toBe(1);
  return brands[0]!.code;
}

async function openWizard(page: Page) {
  await page.getByTestId('list-import').click();
  await expect(page).toHaveURL(/\/import\/product$/);
  await expect(page.getByTestId('import-wizard')).toHaveAttribute('data-step', 'file');
}

const chooseCsv = (page: Page, name: string, text: string) =>
  page
    .getByTestId('import-file')
    .first()
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

/** No serious or critical axe violation on the page as it is now (the tags of tests/e2e/a11y.spec.ts). */
async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

const total = (page: Page, outcome: string) => page.getByTestId(`import-total-${outcome}`);

/** The error rows the result shows once filtered to errors: line → text of its details. */
async function errorRows(page: Page): Promise<Map<number, string>> {
  await page.getByRole('combobox', { name: msg('importWizard.filter') }).selectOption('error');
  const rows = page.locator('[data-testid="import-row"]');
  await expect(rows).toHaveCount(3);
  const out = new Map<number, string>();
  for (const r of await rows.all()) {
    await expect(r).toHaveAttribute('data-outcome', 'error');
    out.set(Number(await r.getAttribute('data-line')), (await r.locator('td').nth(2).innerText()).trim());
  }
  return out;
}

test('a dealer imports 200 products with 3 bad rows: the dry run shows them, the import creates 197 and reports 3, the export holds what was imported', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, '/products');
  const m = marker('iw');
  const brand = await brandCode(page);
  // Lines as a spreadsheet numbers them: the header is line 1, row i is line i + 2.
  const bad = new Map([
    [12, 'price'],
    [77, 'name.it'],
    [151, 'brand'],
  ]);
  const rows = Array.from({ length: 200 }, (_, i) => {
    const line = i + 2;
    const sku = `${m}-${String(i).padStart(3, '0')}`;
    const name = bad.get(line) === 'name.it' ? '' : `Trattore ${m} ${i}`;
    const price = bad.get(line) === 'price' ? 'tanto' : String(1000 + i);
    const code = bad.get(line) === 'brand' ? `NOPE${m}` : brand;
    return { sku, name, brand: code, price };
  });
  const csv = ['sku;name.it;brand;price', ...rows.map((r) => `${r.sku};${r.name};${r.brand};${r.price}`)].join('\n') + '\n';

  await openWizard(page);
  await chooseCsv(page, `${m}.csv`, csv);
  const wizard = page.getByTestId('import-wizard');
  await expect(wizard).toHaveAttribute('data-step', 'mapping');
  // The server's guess: the file's headers are the export's own.
  for (const header of ['sku', 'name.it', 'brand', 'price']) {
    await expect(page.getByRole('combobox', { name: msg('importWizard.columnFor', { header }) })).toHaveValue(header);
  }
  await page.getByRole('radio', { name: msg('importWizard.modes.create') }).check();
  await page.getByTestId('import-dry-run').click();

  const result = page.getByTestId('import-result');
  await expect(result).toHaveAttribute('data-phase', 'dry', { timeout: 90_000 });
  await expect(total(page, 'created')).toHaveText('197');
  await expect(total(page, 'error')).toHaveText('3');
  const dryErrors = await errorRows(page);
  expect([...dryErrors.keys()]).toEqual([...bad.keys()]);
  for (const [line, field] of bad) expect(dryErrors.get(line)).toContain(`${field}:`);
  // Nothing was written by the dry run.
  expect((await call(page, 'GET', `/api/products/?search=${m}&items=1`)).data.paginator.count).toBe(0);

  await page.getByTestId('import-run').click();
  await expect(result).toHaveAttribute('data-phase', 'run', { timeout: 90_000 });
  await expect(total(page, 'created')).toHaveText('197');
  await expect(total(page, 'error')).toHaveText('3');
  expect([...(await errorRows(page)).keys()]).toEqual([...bad.keys()]);
  await expect(page.getByTestId('import-report')).toHaveAttribute('href', /\/api\/jobs\/\d+\/report\/$/);

  // The list filtered to these rows, exported, holds exactly the good rows of the file.
  const exported = await page.evaluate(async (m) => (await fetch(`/api/products/export/?format=csv&search=${m}`)).text(), m);
  const back = parse(exported.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string> & { sku: string }>;
  const good = rows.filter((_, i) => !bad.has(i + 2));
  const sorted = <T extends { sku: string }>(list: T[]) => [...list].sort((a, b) => a.sku.localeCompare(b.sku));
  expect(sorted(back).map((r) => [r.sku, r['name.it'], r.brand, Number(r.price)])).toEqual(sorted(good).map((r) => [r.sku, r.name, r.brand, Number(r.price)]));

  await page.getByTestId('import-to-list').click();
  await expect(page).toHaveURL(/\/products(\?|$)/);
  await expect(page.getByTestId('entity-table')).toBeVisible();
});

test('the mapping step: a refused start is said where it was chosen, a renamed header is mapped by hand, and leaving asks first', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, '/products');
  const m = marker('iwmap');
  const brand = await brandCode(page);
  const header = `Codice ${m}`;
  await openWizard(page);
  await chooseCsv(page, `${m}.csv`, `${header};Nome;Marchio\n${m}-1;Aratro ${m};${brand}\n`);
  const wizard = page.getByTestId('import-wizard');
  await expect(wizard).toHaveAttribute('data-step', 'mapping');
  const renamed = page.getByRole('combobox', { name: msg('importWizard.columnFor', { header }) });
  // A header no column answers to is left out; the Italian labels are guessed.
  await expect(renamed).toHaveValue('');
  await expect(page.getByRole('combobox', { name: msg('importWizard.columnFor', { header: 'Nome' }) })).toHaveValue('name.it');
  await expectAxeClean(page);

  // Updating by SKU with no header mapped to it: the server refuses, beside the key.
  await page.getByRole('radio', { name: msg('importWizard.modes.update') }).check();
  await page.getByRole('combobox', { name: msg('importWizard.key') }).selectOption('sku');
  await page.getByTestId('import-dry-run').click();
  const keyBox = page.locator('label').filter({ has: page.getByRole('combobox', { name: msg('importWizard.key') }) });
  await expect(keyBox.getByRole('alert')).toBeVisible();
  await expect(wizard).toHaveAttribute('data-step', 'mapping');

  // Nothing chosen was lost; the header mapped by hand makes it go.
  await expect(page.getByTestId('import-file-name')).toContainText(`${m}.csv`);
  await renamed.selectOption('sku');
  await page.getByRole('radio', { name: msg('importWizard.modes.create') }).check();
  await page.getByTestId('import-dry-run').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-phase', 'dry', { timeout: 60_000 });
  await expect(total(page, 'created')).toHaveText('1');
  await expect(total(page, 'error')).toHaveText('0');
  await expectAxeClean(page);

  // The import itself is not queued: leaving asks, and staying keeps the dry run.
  await page.getByRole('link', { name: msg('importWizard.back') }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(msg('importWizard.leaveTitle'));
  await dialog.getByRole('button', { name: msg('confirm.cancel') }).click();
  await expect(page).toHaveURL(/\/import\/product$/);
  await expect(total(page, 'created')).toHaveText('1');

  // The mapping is saved: the same file next time offers the hand-made choice.
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-phase', 'run', { timeout: 60_000 });
  await page.goto(url('/import/product'));
  await chooseCsv(page, `${m}.csv`, `${header};Nome;Marchio\n${m}-2;Erpice ${m};${brand}\n`);
  await expect(renamed).toHaveValue('sku');
});
