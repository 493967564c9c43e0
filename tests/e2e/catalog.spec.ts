import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import it from '../../locales/it.json' with { type: 'json' };
import { expectSignedIn, login, site } from './helpers';
import { call, chooseOption, confirmDialog, expectListWithRows, field, form, msg, signIn, snackbar, uploadImage, url } from './rossi';

/**
 * The catalog of a dealer (issue 5, item 6) through the generic entity screens, as Rossi
 * on rossi.localhost — whose back-office speaks Italian, so labels come from it.json.
 */

/** HTML5 drag and drop with a few pointer moves in between, as a hand would do it. */
async function drag(page: Page, from: Locator, to: Locator) {
  // Clear of the form's sticky footer: both ends in the middle of the viewport.
  await to.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 5, a.y + a.height / 2 + 5, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test.describe('catalog lists', () => {
  for (const [path, entity] of [
    ['/products', 'product'],
    ['/products/category', 'category'],
    ['/products/tag', 'tag'],
    ['/featuredProducts', 'featuredProduct'],
    ['/brand', 'brand'],
    ['/brand/services', 'brandService'],
  ] as const) {
    test(`the ${entity} list opens with its rows`, ({ page }) => expectListWithRows(page, path, entity));
  }

  test('sorting, paging, search and filters live in the URL and come back with it', async ({ page }) => {
    await signIn(page, '/products');
    const rows = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
    await expect(rows).toHaveCount(10);

    const nameHeader = page.locator('th', { has: page.locator('[data-sort="name"]') });
    await page.locator('[data-sort="name"]').click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await page.locator('[data-sort="name"]').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=-name/);

    await page.getByRole('button', { name: msg('list.next') }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('list-page')).toHaveText(msg('list.page', { page: 2, pages: 3 }));

    await page.locator('select[name="items"]').selectOption('25');
    await expect(page).toHaveURL(/items=25/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows).toHaveCount(25);

    await page.locator('input[name="search"]').fill('agrovector');
    await expect(page).toHaveURL(/search=agrovector/);
    await expect(rows).toHaveCount(3);
    for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toContain('agrovector');

    await page.locator('select[name="fltr.status"]').selectOption('draft');
    await expect(page).toHaveURL(/fltr=status%3Ddraft/);
    await expect(rows).toHaveCount(1);

    // Back restores the previous query from the URL.
    await page.goBack();
    await expect(page).not.toHaveURL(/fltr=/);
    await expect(rows).toHaveCount(3);

    // A link with a query opens the list in that state.
    await page.goto(url('/products?fltr=status%3Darchived&sort=name'));
    await expect(page.locator('select[name="fltr.status"]')).toHaveValue('archived');
    await expect(page.locator('th', { has: page.locator('[data-sort="name"]') })).toHaveAttribute('aria-sort', 'ascending');

    await page
      .getByRole('button', { name: msg('list.clearFilters') })
      .first()
      .click();
    await expect(page).not.toHaveURL(/fltr=/);
  });

  test('a foreign-key filter and an empty result', async ({ page }) => {
    await signIn(page, '/products');
    await chooseOption(page, page.locator('input[name="fltr.category"]'), 'mietit', /Mietitrebbie/);
    await expect(page).toHaveURL(/fltr=category%3D\d+/);
    // The URL changes as the filtered page is asked for: its rows are in once the table says so.
    await expect(page.getByTestId('entity-table')).toHaveAttribute('data-query', /fltr=category%3D\d+/);
    const rows = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Mietitrebbie');
    await page.locator('input[name="search"]').fill('zzzz-nothing');
    await expect(page.getByTestId('list-empty')).toContainText(msg('list.noMatches'));
  });

  test('bulk delete and row delete ask first, in red; a category in use is refused with the reason', async ({ page }) => {
    await signIn(page, '/products/tag');
    for (const title of ['E2E bulk uno', 'E2E bulk due']) {
      const res = await call(page, 'POST', '/api/products/tag/', { translations: { it: { title } } });
      expect(res.status, JSON.stringify(res.data)).toBe(201);
    }
    await page.locator('input[name="search"]').fill('E2E bulk');
    const rows = page.locator('[data-testid="entity-table"] tbody tr[data-row-id]');
    await expect(rows).toHaveCount(2);
    await page.getByRole('checkbox', { name: msg('list.selectPage') }).check();
    await expect(page.getByTestId('bulk-bar')).toContainText(msg('list.selected', { count: 2 }));

    // Declining does nothing.
    await page.getByRole('button', { name: msg('list.deleteSelectedButton', { count: 2 }) }).click();
    await expect(confirmDialog(page)).toContainText(msg('list.deleteSelected', { count: 2 }));
    await confirmDialog(page)
      .getByRole('button', { name: msg('confirm.cancel') })
      .click();
    await expect(rows).toHaveCount(2);

    await page.getByRole('button', { name: msg('list.deleteSelectedButton', { count: 2 }) }).click();
    const approve = confirmDialog(page).getByRole('button', { name: msg('confirm.delete') });
    await expect(approve).toHaveClass(/bg-danger/);
    await approve.click();
    await expect(snackbar(page, msg('list.deleteSuccess', { count: 2 }))).toBeVisible();
    await expect(page.getByTestId('list-empty')).toBeVisible();

    // A category that products use: the server says no, the list says why.
    await page.goto(url('/products/category?search=trattori'));
    await page
      .locator('tbody tr[data-row-id]')
      .first()
      .getByRole('button', { name: new RegExp(msg('list.deleteRow', { id: '' }).trim()) })
      .click();
    await expect(confirmDialog(page)).toContainText(msg('list.deleteOne'));
    await confirmDialog(page)
      .getByRole('button', { name: msg('confirm.delete') })
      .click();
    await expect(
      snackbar(page, msg('list.deleteFailed', { detail: msg('errors.withStatus', { message: msg('errors.http.inUse'), status: 409 }) })),
    ).toBeVisible();
    await expect(page.locator('tbody tr[data-row-id]').first()).toBeVisible();
  });
});

test.describe('product form', () => {
  test('create a product with specs, gallery, rich text and SEO in Italian and English; edit; conflict from a second tab; delete', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, '/products');
    const imageId = await uploadImage(page, 'e2e-trattore.png');

    await page.getByTestId('list-new').click();
    await expect(page).toHaveURL(/\/products\/new$/);
    await expect(page.getByTestId('form-title')).toHaveText(msg('form.newTitle', { name: msg('entities.product.one') }));

    // General tab, Italian (the site's main language).
    await field(page, 'translations.it.name').fill('Trattore E2E 5100');
    await field(page, 'translations.it.summary').fill('Un trattore di prova, creato dal test.');
    // Rossi is mono-brand (docs/spec.md §9): the brand is Deutz-Fahr already, no choice to make.
    await expect(page.getByTestId('brand-chip')).toHaveText(/Deutz-Fahr/);
    await chooseOption(page, field(page, 'category.search'), 'tratt', 'Trattori');
    // A demo tag: another test makes and deletes tags of its own meanwhile.
    await chooseOption(page, field(page, 'tags.search'), 'stage', 'Stage V');
    await expect(page.getByTestId('tags-chips').locator('li')).toHaveCount(1);
    await field(page, 'status').selectOption('published');
    await field(page, 'sku').fill('E2E-5100');
    await field(page, 'price').fill('65000');
    await field(page, 'model_year').fill('2026');
    await field(page, 'power_hp').fill('100');
    await expect(page.getByTestId('dirty-badge')).toBeVisible();

    // Content: rich text and the specs repeater (add, insert, drag to sort, remove).
    await page.getByRole('tab', { name: msg('tabs.content') }).click();
    const editor = page.locator('[data-testid="translations.it.description-editor"] .ProseMirror');
    await editor.click();
    await page.getByRole('button', { name: `${msg('fields.richtext.h2')} (H2)`, exact: true }).click();
    await page.keyboard.type('Potenza e comfort');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Un trattore ');
    await page.getByRole('button', { name: msg('fields.richtext.bold') }).click();
    await page.keyboard.type('robusto');
    await page.getByRole('button', { name: msg('fields.richtext.bold') }).click();
    await page.keyboard.type(' e affidabile.');
    await expect(editor.locator('h2')).toHaveText('Potenza e comfort');
    await expect(editor.locator('strong')).toHaveText('robusto');

    await page.getByTestId('specs-add').click();
    await page.getByTestId('specs-add').click();
    await field(page, 'specs.0.name').fill('Motore');
    await field(page, 'specs.0.value').fill('Deutz TCD 3.6');
    await field(page, 'specs.1.name').fill('Peso');
    await field(page, 'specs.1.value').fill('4200 kg');
    await page
      .locator('[data-row="0"]')
      .getByRole('button', { name: msg('fields.repeater.insert') })
      .click();
    await field(page, 'specs.1.name').fill('Trasmissione');
    await field(page, 'specs.1.value').fill('Powershift');
    await drag(page, page.locator('[data-row="2"] [data-testid="drag-handle"]'), page.locator('[data-row="0"]'));
    await expect(field(page, 'specs.0.name')).toHaveValue('Peso');
    await expect(field(page, 'specs.1.name')).toHaveValue('Motore');
    await page
      .locator('[data-row="2"]')
      .getByRole('button', { name: msg('fields.repeater.remove') })
      .click();
    await expect(page.locator('[data-testid="specs-rows"] [data-row]')).toHaveCount(2);
    // A folded row keeps its values.
    await page.locator('[data-row="0"] button[aria-expanded]').click();
    await expect(field(page, 'specs.0.name')).toHaveCount(0);
    await page.locator('[data-row="0"] button[aria-expanded]').click();
    await expect(field(page, 'specs.0.name')).toHaveValue('Peso');

    // Media: the gallery through the media picker.
    await page.getByRole('tab', { name: msg('tabs.media') }).click();
    await page
      .getByTestId('media-many-field-gallery')
      .getByRole('button', { name: new RegExp(msg('media.addMedia')) })
      .click();
    await page.locator(`[data-testid="media-tile"][data-media-id="${imageId}"] button`).click();
    await page.getByTestId('picker-choose').click();
    await expect(page.getByTestId('media-many-field-gallery').getByTestId('media-many-item')).toHaveCount(1);
    await field(page, 'video_url').fill('https://www.youtube.com/watch?v=e2e');

    // SEO in Italian, with the preview and the counters.
    await page.getByRole('tab', { name: msg('tabs.seo') }).click();
    await field(page, 'translations.it.seo.title').fill('Trattore E2E 5100 | Rossi Trattori');
    await field(page, 'translations.it.seo.description').fill('Il trattore di prova: 100 CV, powershift, pronto in concessionaria.');
    await expect(page.getByTestId('translations.it.seo-title-count')).toHaveText('34/60');
    await expect(page.getByTestId('translations.it.seo-preview')).toContainText('Trattore E2E 5100 | Rossi Trattori');

    // English.
    await page.locator('[role="tab"][data-lang="en"]').click();
    await field(page, 'translations.en.seo.title').fill('E2E 5100 tractor | Rossi Trattori');
    await field(page, 'translations.en.seo.description').fill('The test tractor: 100 hp, powershift, ready at the dealer.');
    await page.getByRole('tab', { name: msg('tabs.general') }).click();
    await field(page, 'translations.en.name').fill('E2E 5100 tractor');
    await field(page, 'translations.en.summary').fill('A test tractor, made by the test.');

    // Save and continue: the URL takes the new id, the same form stays.
    await page.getByTestId('form-save-continue').click();
    await expect(snackbar(page, msg('form.saved'))).toBeVisible();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    const id = Number(/\/products\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('dirty-badge')).toHaveCount(0);
    await expect(field(page, 'translations.en.name')).toHaveValue('E2E 5100 tractor');

    // What the server holds.
    const saved = (await call(page, 'GET', `/api/products/${id}/`)).data;
    expect(saved.translations.it.name).toBe('Trattore E2E 5100');
    expect(saved.translations.en.name).toBe('E2E 5100 tractor');
    expect(saved.translations.it.seo.title).toBe('Trattore E2E 5100 | Rossi Trattori');
    expect(saved.translations.en.seo.description).toContain('ready at the dealer');
    expect(saved.translations.it.description).toContain('<strong>robusto</strong>');
    expect(saved.specs).toEqual([
      { name: 'Peso', value: '4200 kg' },
      { name: 'Motore', value: 'Deutz TCD 3.6' },
    ]);
    expect(saved.gallery).toEqual([imageId]);
    expect(saved.price).toBe(65000);
    expect(saved.slug).toBe('trattore-e2e-5100');

    // Reload: the values come back from the server.
    await page.reload();
    await expect(field(page, 'translations.it.name')).toHaveValue('Trattore E2E 5100');
    await expect(page.getByTestId('form-title')).toHaveText('Trattore E2E 5100');

    // Edit, with a second tab saving first: conflict, shown field by field.
    const other = await page.context().newPage();
    await other.goto(url(`/products/${id}`));
    await field(other, 'translations.it.name').fill('Trattore E2E 5100 (altra scheda)');
    await field(page, 'translations.it.summary').fill('Riepilogo cambiato nella prima scheda.');
    await other.getByTestId('form-save-continue').click();
    await expect(snackbar(other, msg('form.saved'))).toBeVisible();
    await page.getByTestId('form-save-continue').click();
    const conflict = page.getByTestId('conflict-dialog');
    await expect(conflict).toBeVisible();
    await expect(conflict.locator('[data-diff="translations.it.name"]')).toContainText('Trattore E2E 5100 (altra scheda)');
    await expect(conflict.locator('[data-diff="translations.it.summary"]')).toContainText('Riepilogo cambiato nella prima scheda.');
    // Take theirs: the form shows the other tab's row, my edit is gone.
    await page.getByTestId('conflict-reload').click();
    await expect(conflict).toHaveCount(0);
    await expect(field(page, 'translations.it.name')).toHaveValue('Trattore E2E 5100 (altra scheda)');
    await expect(field(page, 'translations.it.summary')).toHaveValue('Un trattore di prova, creato dal test.');

    // Again, and this time keep mine over theirs.
    await field(other, 'translations.it.summary').fill('Dalla seconda scheda.');
    await other.getByTestId('form-save-continue').click();
    await expect(other.getByTestId('dirty-badge')).toHaveCount(0);
    await field(page, 'translations.it.name').fill('Trattore E2E 5100 definitivo');
    await page.getByTestId('form-save-continue').click();
    await page.getByTestId('conflict-overwrite').click();
    await expect(snackbar(page, msg('form.saved'))).toBeVisible();
    const final = (await call(page, 'GET', `/api/products/${id}/`)).data;
    expect(final.translations.it.name).toBe('Trattore E2E 5100 definitivo');
    // Keeping mine saves what I changed; the summary only the other tab changed stays theirs.
    expect(final.translations.it.summary).toBe('Dalla seconda scheda.');
    await other.close();

    // Delete, after the red confirm; back on the list, and the row is gone.
    await page.getByTestId('form-delete').click();
    await expect(confirmDialog(page)).toContainText(msg('form.deleteQuestion'));
    await confirmDialog(page)
      .getByRole('button', { name: msg('confirm.delete') })
      .click();
    await expect(snackbar(page, msg('form.deleted'))).toBeVisible();
    await expect(page).toHaveURL(/\/products(\?.*)?$/);
    expect((await call(page, 'GET', `/api/products/${id}/`)).status).toBe(404);
  });

  test('errors land on their fields, language tabs and repeater rows', async ({ page }) => {
    await signIn(page, '/products/new');
    await page.locator('[role="tab"][data-lang="en"]').click();
    await field(page, 'translations.en.name').fill('Only English');
    await page.getByRole('tab', { name: msg('tabs.content') }).click();
    await page.getByTestId('specs-add').click();
    await field(page, 'specs.0.value').fill('senza nome');
    await page.getByTestId('form-save').click();

    await expect(page.getByTestId('entity-form')).toHaveAttribute('data-status', 'invalid');
    await expect(page.getByTestId('form-errors')).toContainText(msg('form.fixErrors'));
    // The first error is brought into view and focused: the Italian (main language) name, in the general section.
    await expect(field(page, 'translations.it.name')).toBeFocused();
    await expect(page.getByTestId('lang-error-it')).toBeVisible();
    await expect(page.getByTestId('lang-error-en')).toHaveCount(0);
    await expect(page.locator('[data-field="translations.it.name"] [role="alert"]')).toBeVisible();
    // Mono-brand (docs/spec.md §9): the brand needed no choice, so it is no error.
    await expect(page.locator('[data-field="brand"] [role="alert"]')).toHaveCount(0);
    // The row has its missing spec name.
    await page.getByRole('tab', { name: msg('tabs.content') }).click();
    await expect(page.locator('[data-row="0"] [data-testid="row-error"]')).toBeVisible();
    await expect(page.locator('[data-field="specs.0.name"] [role="alert"]')).toBeVisible();
    await page.getByRole('tab', { name: msg('tabs.general') }).click();
    await page.locator('[role="tab"][data-lang="it"]').click();
    await expect(page.locator('[data-field="translations.it.name"] [role="alert"]')).toBeVisible();
    // Fixing a field clears its message.
    await field(page, 'translations.it.name').fill('Nome');
    await expect(page.locator('[data-field="translations.it.name"] [role="alert"]')).toHaveCount(0);
    await expect(page.getByTestId('lang-error-it')).toHaveCount(0);
  });

  test('unsaved changes: a route change asks, a reload keeps a draft to restore, Ctrl+S saves', async ({ page }) => {
    // Four loads of the form and a save: over 30 s when CI's two cores are busy.
    test.setTimeout(60_000);
    await signIn(page, '/brand');
    await page.locator('tbody tr[data-row-id] a').first().click();
    await expect(field(page, 'name')).not.toHaveValue('');
    const original = await field(page, 'name').inputValue();
    await field(page, 'name').fill(`${original} (bozza)`);

    // Leaving through the sidebar asks first; staying keeps the edit.
    await page.getByRole('link', { name: it.app.name, exact: true }).click();
    await expect(confirmDialog(page)).toContainText(msg('form.leaveQuestion'));
    await confirmDialog(page)
      .getByRole('button', { name: msg('confirm.cancel') })
      .click();
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/brand\/\d+$/);
    await expect(field(page, 'name')).toHaveValue(`${original} (bozza)`);

    // Back/forward asks too (the page stays: no navigation for goBack() to wait for).
    await page.evaluate(() => window.history.back());
    await expect(confirmDialog(page)).toContainText(msg('form.leaveQuestion'));
    await confirmDialog(page)
      .getByRole('button', { name: msg('confirm.cancel') })
      .click();
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/brand\/\d+$/);

    // A reload (the tab warns; the test accepts) finds the draft and offers it back.
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await expect(page.getByTestId('draft-offer')).toBeVisible();
    await expect(field(page, 'name')).toHaveValue(original);
    await page
      .getByTestId('draft-offer')
      .getByRole('button', { name: msg('form.draftRestore') })
      .click();
    await expect(field(page, 'name')).toHaveValue(`${original} (bozza)`);
    await expect(page.getByTestId('dirty-badge')).toBeVisible();

    // Ctrl+S saves and stays.
    await field(page, 'name').press('Control+s');
    await expect(snackbar(page, msg('form.saved'))).toBeVisible();
    await expect(page.getByTestId('dirty-badge')).toHaveCount(0);
    await expect(page).toHaveURL(/\/brand\/\d+$/);

    // Put it back, and leave freely now that nothing is unsaved.
    await field(page, 'name').fill(original);
    await page.getByTestId('form-save').click();
    await expect(page).toHaveURL(/\/brand(\?.*)?$/);
    await page.reload();
    await expect(page.getByTestId('entity-list')).toBeVisible();
  });

  test('a missing id, a malformed one, and another dealer’s row all answer 404', async ({ page, browser }) => {
    const verdiProduct = await otherDealersProductId(browser);
    await signIn(page, '/products/999999');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto(url('/products/abc'));
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto(url(`/products/${verdiProduct}`));
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto(url('/products/new'));
    await expect(form(page)).toBeVisible();
  });
});

async function otherDealersProductId(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  await page.goto(site('verdi.localhost'));
  await login(page, 'verdi');
  await expectSignedIn(page, 'verdi');
  const list = await call(page, 'GET', '/api/products/?items=1');
  await page.close();
  return list.data.items[0].id as number;
}

test.describe('field widgets', () => {
  test('brand: colour, URL, switch, integer, rich text link', async ({ page }) => {
    // Two forms filled and saved, the second one twice: past 30 s on a slow machine.
    test.setTimeout(60_000);
    // A code of this run's own, as the other specs stamp theirs: a retry meets the brand its first attempt saved.
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await signIn(page, '/brand/new');
    await field(page, 'code').fill(code);
    await field(page, 'name').fill(`Marchio ${code}`);
    await field(page, 'website').fill('https://e2e.example.com');
    await field(page, 'color').fill('#12ab34');
    await expect(page.getByTestId('color-picker')).toHaveValue('#12ab34');
    await field(page, 'order').fill('7');
    await page.locator('[data-field="is_active"] label').click();
    await expect(page.locator('[data-field="is_active"] [role="switch"]')).not.toBeChecked();
    const editor = page.locator('[data-testid="translations.it.description-editor"] .ProseMirror');
    await editor.click();
    await page.keyboard.type('Sito ufficiale');
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: msg('fields.richtext.link') }).click();
    await field(page, 'translations.it.description.link').fill('https://e2e.example.com/it');
    await page.getByRole('button', { name: msg('fields.richtext.applyLink') }).click();
    await expect(editor.locator('a')).toHaveAttribute('href', 'https://e2e.example.com/it');
    await page.getByRole('button', { name: msg('fields.richtext.bulletList') }).click();
    await expect(editor.locator('ul li')).toHaveCount(1);
    await page.getByTestId('form-save-continue').click();
    await expect(page).toHaveURL(/\/brand\/\d+$/);
    const id = Number(/\/brand\/(\d+)$/.exec(page.url())![1]);
    const saved = (await call(page, 'GET', `/api/brand/${id}/`)).data;
    expect(saved).toMatchObject({ code, color: '#12ab34', order: 7, is_active: false, website: 'https://e2e.example.com' });
    expect(saved.translations.it.description).toContain('href="https://e2e.example.com/it"');
    // A brand service of the new brand: foreign key, e-mail, media icon left empty.
    await page.goto(url('/brand/services/new'));
    // Mono-brand Rossi starts every brand field at Deutz-Fahr; another brand is still a choice away.
    await expect(page.getByTestId('brand-chip')).toHaveText(/Deutz-Fahr/);
    await page.getByTestId('brand-chip').getByRole('button').click();
    await chooseOption(page, field(page, 'brand.search'), `Marchio ${code}`, `Marchio ${code}`);
    await field(page, 'translations.it.title').fill('Servizio E2E');
    await field(page, 'contact_email').fill('not-an-email');
    await page.getByTestId('form-save').click();
    await expect(page.locator('[data-field="contact_email"] [role="alert"]')).toBeVisible();
    await field(page, 'contact_email').fill('officina@e2e.example.com');
    await page.getByTestId('form-save').click();
    await expect(page).toHaveURL(/\/brand\/services(\?.*)?$/);
    await expect(page.getByTestId('entity-table')).toContainText('Servizio E2E');
  });

  test('featured product: foreign key, dates in the user’s language, the declaration’s cross-field check', async ({ page }) => {
    await signIn(page, '/featuredProducts/new');
    await chooseOption(page, field(page, 'product.search'), '3050', /3050/);
    await field(page, 'translations.it.badge').fill('Offerta');
    await field(page, 'valid_from').fill('2026-06-10');
    await field(page, 'valid_to').fill('2026-06-01');
    // Shown as the Italian locale writes it.
    await expect(page.getByTestId('valid_from-display')).toContainText('giugno 2026');
    await page.getByTestId('form-save').click();
    await expect(page.locator('[data-field="valid_to"] [role="alert"]')).toBeVisible();
    await field(page, 'valid_to').fill('2026-07-31');
    await page.getByTestId('form-save').click();
    await expect(page).toHaveURL(/\/featuredProducts(\?.*)?$/);
    await expect(page.getByTestId('entity-table')).toContainText('Offerta');
  });

  test('category: media picker and slug', async ({ page }) => {
    await signIn(page, '/products/category/new');
    const imageId = await uploadImage(page, 'e2e-categoria.png');
    await field(page, 'translations.it.title').fill('Categoria E2E');
    await field(page, 'slug').fill('Categoria E2E!');
    await field(page, 'slug').blur();
    await expect(field(page, 'slug')).toHaveValue('categoria-e2e');
    await page
      .getByTestId('media-field-image')
      .getByRole('button', { name: msg('media.chooseMedia') })
      .click();
    await page.locator(`[data-testid="media-tile"][data-media-id="${imageId}"] button`).click();
    await page.getByTestId('picker-choose').click();
    await page.getByTestId('form-save-continue').click();
    await expect(page).toHaveURL(/\/products\/category\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    const saved = (await call(page, 'GET', `/api/products/category/${id}/`)).data;
    expect(saved).toMatchObject({ slug: 'categoria-e2e', image: imageId });
  });

  test('the field playground: date-time, time, colour with alpha, map and menu tree', async ({ page }) => {
    // Every widget's chunk, the map among them: over 30 s when CI's two cores are busy.
    test.setTimeout(60_000);
    await signIn(page, '/dev/fields');
    await field(page, 'title').fill('Prova');
    await field(page, 'accent').fill('#3b82f6');
    await page.locator('input[name="accent.alpha"]').fill('50');
    await expect(field(page, 'accent')).toHaveValue('#3b82f680');
    await field(page, 'starts_on').fill('2026-03-01');
    await field(page, 'publish_at').fill('2026-05-01T09:30');
    await field(page, 'opens_at').fill('08:30');
    await expect(page.getByTestId('opens_at-display')).toHaveText('08:30');

    // The map: a click places the point (WebGL permitting); the boxes always work.
    const map = page.getByTestId('location-map');
    if (await map.isVisible()) {
      await map.locator('canvas').first().waitFor();
      await map.click({ position: { x: 200, y: 120 } });
      await expect(field(page, 'location.lat')).not.toHaveValue('');
    }
    await field(page, 'location.lat').fill('45.4642');
    await field(page, 'location.lng').fill('9.19');

    // The menu tree: add, rename, link, nest (button and drag), delete behind a confirm.
    await page.getByTestId('menu-add').click();
    await page.getByTestId('menu-add').click();
    await page.getByTestId('menu-add').click();
    await field(page, 'menu.0.label').fill('Home');
    await field(page, 'menu.0.kind').selectOption('page');
    await field(page, 'menu.0.page').selectOption('home');
    await field(page, 'menu.1.label').fill('Chi siamo');
    await field(page, 'menu.1.kind').selectOption('page');
    await field(page, 'menu.1.page').selectOption('about_us');
    await field(page, 'menu.2.label').fill('Blog');
    await field(page, 'menu.2.url').fill('https://blog.example.com');
    await page
      .locator('[data-node="2"]')
      .getByRole('button', { name: msg('fields.menu.indent') })
      .first()
      .click();
    await expect(field(page, 'menu.1.children.0.label')).toHaveValue('Blog');
    // Depth 2 at most: a child cannot take children.
    await expect(page.locator('[data-node="1.children.0"]').getByRole('button', { name: msg('fields.menu.addChild') })).toBeDisabled();
    // Drag "Home" into "Chi siamo" (middle of the row = inside).
    await drag(page, page.locator('[data-node="0"] [data-testid="menu-drag"]'), page.locator('[data-node="1"] > div'));
    await expect(field(page, 'menu.0.label')).toHaveValue('Chi siamo');
    await expect(field(page, 'menu.0.children.1.label')).toHaveValue('Home');
    await page
      .locator('[data-node="0.children.0"]')
      .getByRole('button', { name: msg('fields.menu.delete') })
      .click();
    await expect(confirmDialog(page)).toContainText('Blog');
    await confirmDialog(page)
      .getByRole('button', { name: msg('confirm.delete') })
      .click();
    await expect(field(page, 'menu.0.children.0.label')).toHaveValue('Home');

    await page.getByTestId('form-save-continue').click();
    const saved = page.getByTestId('playground-saved');
    await expect(saved).toContainText('"accent": "#3b82f680"');
    const row = JSON.parse((await saved.textContent()) ?? '{}');
    expect(row.publish_at).toBe(new Date(2026, 4, 1, 9, 30).toISOString());
    expect(row).toMatchObject({ opens_at: '08:30:00', starts_on: '2026-03-01', location: { lat: 45.4642, lng: 9.19 } });
    expect(row.menu).toEqual([
      { id: expect.any(String), label: 'Chi siamo', page: 'about_us', children: [{ id: expect.any(String), label: 'Home', page: 'home', children: [] }] },
    ]);
  });
});

test.describe('mono-brand and multi-brand sites (spec §9)', () => {
  test('on mono-brand Rossi every brand field of a new row is Deutz-Fahr already', async ({ page }) => {
    await signIn(page, '/products/new');
    await expect(page.getByTestId('brand-chip')).toHaveText(/Deutz-Fahr/);
    await page.goto(url('/productsUsed/new'));
    await expect(page.getByTestId('brand-chip')).toHaveText(/Deutz-Fahr/);
    await page.goto(url('/promotion/new'));
    await expect(page.getByTestId('brand-chip')).toHaveText(/Deutz-Fahr/);
    // Pre-filled is not edited: leaving asks nothing.
    await expect(page.getByTestId('dirty-badge')).toHaveCount(0);
  });

  test('on multi-brand Verdi the brand is a choice', async ({ page }) => {
    await page.goto(site('verdi.localhost', '/backoffice/products/new'));
    await login(page, 'verdi');
    await expect(page.getByTestId('entity-form')).toHaveAttribute('data-status', 'editing');
    await expect(page.getByTestId('brand-chip')).toHaveCount(0);
    await expect(page.locator('[name="brand.search"]')).toBeVisible();
  });
});
