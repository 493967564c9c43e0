import { expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import sharp from 'sharp';
import { call, expectSignedIn, login, site } from './helpers';
import { createFolder, fill, openFolder, ORIGIN, png, signIn, tiles, unique, uploadImage } from './mediaHelpers';

/**
 * The media manager end to end (issue 4): drag-and-drop upload, the folder trail, the
 * Italian alt text, bulk delete behind the confirm, and the declined confirm. Every test
 * works in a folder of its own, so tests running side by side do not see each other's files.
 */

test('two images dropped on the library upload into the folder shown and show their thumbnails', async ({ page }) => {
  await signIn(page);
  const folder = await createFolder(page, unique('Drop'));
  await page.reload();
  await openFolder(page, folder.title);
  await expect(page.getByTestId('media-empty')).toBeVisible();

  const files = await Promise.all([png(200, 30, 30), png(30, 160, 60)]);
  await page.getByTestId('media-dropzone').evaluate(
    (zone, payload) => {
      const transfer = new DataTransfer();
      for (const f of payload) transfer.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: 'image/png' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    [
      { name: 'red-tractor.png', bytes: [...files[0]] },
      { name: 'green-field.png', bytes: [...files[1]] },
    ],
  );

  // A row per file with its bar, then the grid reloads with both.
  await expect(page.getByTestId('upload-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="upload-row"][data-status="done"]')).toHaveCount(2);
  await expect(tiles(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: fill(en.media.edit, { name: 'red-tractor.png' }) })).toBeVisible();
  await expect(page.getByRole('button', { name: fill(en.media.edit, { name: 'green-field.png' }) })).toBeVisible();
  // The thumbnails are real images served by the server.
  const thumbs = tiles(page).locator('img');
  await expect(thumbs).toHaveCount(2);
  for (const img of await thumbs.all()) {
    await expect(img).toHaveAttribute('src', /^\/media\/.+\.thumb\.webp$/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  // They went into the folder shown, not the root.
  const listed = await page.request.get(`${ORIGIN}/backoffice/api/media-folders/${folder.id}/`);
  expect((await listed.json()).media.paginator.count).toBe(2);
});

test('a folder is created where the trail is, opened, and the trail cuts back when an earlier folder is opened', async ({ page }) => {
  await signIn(page);
  const parent = unique('Tractors');
  const child = unique('Red');
  const crumbs = page.getByTestId('media-breadcrumb').getByRole('button');

  await page.getByRole('button', { name: en.media.newFolder }).click();
  await page.getByTestId('new-folder-form').getByLabel(en.media.folderName).fill(parent);
  await page.getByTestId('new-folder-form').getByRole('button', { name: en.media.create }).click();
  await openFolder(page, parent);
  await expect(crumbs).toHaveText([en.mediaManager.root, parent]);

  await page.getByRole('button', { name: en.media.newFolder }).click();
  await page.getByTestId('new-folder-form').getByLabel(en.media.folderName).fill(child);
  await page.getByTestId('new-folder-form').getByRole('button', { name: en.media.create }).click();
  await openFolder(page, child);
  await expect(crumbs).toHaveText([en.mediaManager.root, parent, child]);

  // Opening a folder already in the trail cuts the trail back to it (docs/spec.md §4).
  await crumbs.filter({ hasText: parent }).click();
  await expect(crumbs).toHaveText([en.mediaManager.root, parent]);
  await expect(page.getByRole('button', { name: fill(en.media.openFolder, { name: child }), exact: true })).toBeVisible();

  await crumbs.filter({ hasText: en.mediaManager.root }).click();
  await expect(crumbs).toHaveText([en.mediaManager.root]);
  await expect(page.getByRole('button', { name: fill(en.media.openFolder, { name: parent }), exact: true })).toBeVisible();
});

test('the Italian alt text is saved from the edit panel and is there after a reload', async ({ page }) => {
  await signIn(page);
  const folder = await createFolder(page, unique('Alt'));
  const media = await uploadImage(page, folder.id, 'combine.png', [240, 200, 20]);
  await page.reload();
  await openFolder(page, folder.title);

  await page.getByRole('button', { name: fill(en.media.edit, { name: 'combine.png' }) }).click();
  const editor = page.getByTestId('media-editor');
  await expect(editor.getByTestId('media-info-name')).toHaveText('combine.png');
  await expect(editor.getByTestId('media-info-type')).toHaveText('image/png');
  await expect(editor.getByTestId('media-info-dimensions')).toHaveText('40 × 30');
  await editor.getByRole('tab', { name: 'Italiano' }).click();
  await editor.getByTestId('media-lang-it').getByLabel(en.media.altText).fill('Mietitrebbia gialla al lavoro');
  await editor.getByRole('button', { name: en.media.save }).click();

  await expect(page.getByRole('status').filter({ hasText: en.mediaManager.fileInfo })).toBeVisible();
  await expect(editor).toBeHidden();

  // The reload stays in the folder (issue 18).
  await page.reload();
  await expect(page.getByTestId('media-breadcrumb').locator('[aria-current="location"]')).toHaveText(folder.title);
  await page.getByRole('button', { name: fill(en.media.edit, { name: 'combine.png' }) }).click();
  await page.getByTestId('media-editor').getByRole('tab', { name: 'Italiano' }).click();
  await expect(page.getByTestId('media-editor').getByTestId('media-lang-it').getByLabel(en.media.altText)).toHaveValue('Mietitrebbia gialla al lavoro');
  // Only Italian changed.
  const detail = await (await page.request.get(`${ORIGIN}/backoffice/api/media/${media.id}/`)).json();
  expect(detail.translations.it.alt_text).toBe('Mietitrebbia gialla al lavoro');
  expect(detail.translations.en.alt_text).toBe('combine.png');
});

test('replacing the file of a media keeps its URL and shows the new file', async ({ page }) => {
  await signIn(page);
  const folder = await createFolder(page, unique('Swap'));
  await uploadImage(page, folder.id, 'old.png', [0, 0, 0]);
  await page.reload();
  await openFolder(page, folder.title);
  await page.getByRole('button', { name: fill(en.media.edit, { name: 'old.png' }) }).click();
  const editor = page.getByTestId('media-editor');
  const url = await editor.getByTestId('media-info-url').textContent();

  const bigger = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 250, g: 250, b: 0 } } })
    .png()
    .toBuffer();
  await editor.getByTestId('media-replace-input').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: bigger });
  await expect(page.getByRole('status').filter({ hasText: en.upload.replaced })).toBeVisible();
  await expect(editor).toBeHidden();

  await page.getByRole('button', { name: fill(en.media.edit, { name: 'old.png' }) }).click();
  await expect(editor.getByTestId('media-info-dimensions')).toHaveText('120 × 80');
  await expect(editor.getByTestId('media-info-name')).toHaveText('new.png');
  await expect(editor.getByTestId('media-info-url')).toHaveText(url!);
  await expect(editor.getByTestId('media-replace-input')).toBeEnabled();
});

test('two media ticked are deleted in bulk after the confirm, with a green snackbar', async ({ page }) => {
  await signIn(page);
  const folder = await createFolder(page, unique('Bulk'));
  await uploadImage(page, folder.id, 'one.png', [10, 10, 200]);
  await uploadImage(page, folder.id, 'two.png', [10, 200, 10]);
  await uploadImage(page, folder.id, 'three.png', [200, 10, 10]);
  await page.reload();
  await openFolder(page, folder.title);
  await expect(tiles(page)).toHaveCount(3);

  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'one.png' }) }).check();
  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'three.png' }) }).check();
  await expect(page.getByTestId('media-bulk-bar')).toContainText(fill(en.media.selected, { count: 2 }));
  await page.getByTestId('bulk-delete').click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fill(en.mediaGallery.deleteSelected.other, { count: 2 }));
  const approve = dialog.getByRole('button', { name: en.confirm.delete });
  await expect(approve).toHaveClass(/bg-danger-strong/);
  await approve.click();

  const snackbar = page.getByRole('status').filter({ hasText: fill(en.mediaGallery.deleteSuccess.other, { count: 2 }) });
  await expect(snackbar).toBeVisible();
  // Green: the whole snackbar (docs/spec.md §8), as every success (src/app/App.tsx).
  await expect(snackbar.locator('xpath=..')).toHaveCSS('background-color', 'rgb(22, 101, 52)');

  await expect(tiles(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: fill(en.media.edit, { name: 'two.png' }) })).toBeVisible();
  await expect(page.getByTestId('media-bulk-bar')).toBeHidden();
  const listed = await page.request.get(`${ORIGIN}/backoffice/api/media-folders/${folder.id}/`);
  expect((await listed.json()).media.items.map((m: { name: string }) => m.name)).toEqual(['two.png']);
});

test('declining the confirm deletes nothing', async ({ page }) => {
  await signIn(page);
  const folder = await createFolder(page, unique('Keep'));
  await uploadImage(page, folder.id, 'keep-a.png', [90, 90, 90]);
  await uploadImage(page, folder.id, 'keep-b.png', [160, 160, 160]);
  await page.reload();
  await openFolder(page, folder.title);

  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'keep-a.png' }) }).check();
  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'keep-b.png' }) }).check();
  await page.getByTestId('bulk-delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fill(en.mediaGallery.deleteSelected.other, { count: 2 }));
  await dialog.getByRole('button', { name: en.confirm.cancel }).click();
  await expect(dialog).toBeHidden();

  await expect(tiles(page)).toHaveCount(2);
  await expect(page.getByTestId('media-bulk-bar')).toContainText(fill(en.media.selected, { count: 2 }));
  // Escape declines too.
  await page.getByTestId('bulk-delete').click();
  await expect(page.getByRole('dialog').getByRole('button', { name: en.confirm.delete })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('media-breadcrumb').locator('[aria-current="location"]')).toHaveText(folder.title);
  await expect(tiles(page)).toHaveCount(2);
  const listed = await page.request.get(`${ORIGIN}/backoffice/api/media-folders/${folder.id}/`);
  expect((await listed.json()).media.paginator.count).toBe(2);
});

test('a user who may only view media is offered no upload, no folder changes and no delete', async ({ page, browser }) => {
  // The admin puts a folder and an image in the master library first.
  await signIn(page);
  const folder = await createFolder(page, unique('ViewOnly'));
  await uploadImage(page, folder.id, 'look.png', [120, 60, 200]);

  const staff = await browser.newPage();
  await staff.goto(site('localhost', '/backoffice/media'));
  await login(staff, 'staff');
  await expectSignedIn(staff, 'staff');
  await openFolder(staff, folder.title);
  await expect(tiles(staff)).toHaveCount(1);
  await expect(staff.getByText(en.upload.choose)).toHaveCount(0);
  await expect(staff.getByRole('button', { name: en.media.newFolder })).toHaveCount(0);
  await expect(staff.getByRole('checkbox', { name: fill(en.media.select, { name: 'look.png' }) })).toHaveCount(0);
  await staff.getByTestId('media-breadcrumb').getByRole('button', { name: en.mediaManager.root }).click();
  await expect(staff.getByRole('button', { name: fill(en.media.openFolder, { name: folder.title }), exact: true })).toBeVisible();
  await expect(staff.getByRole('button', { name: fill(en.media.renameFolder, { name: folder.title }) })).toHaveCount(0);
  await expect(staff.getByRole('button', { name: fill(en.media.deleteFolder, { name: folder.title }) })).toHaveCount(0);

  // The edit panel shows the file but offers no save, replace or delete.
  await openFolder(staff, folder.title);
  await staff.getByRole('button', { name: fill(en.media.edit, { name: 'look.png' }) }).click();
  const editor = staff.getByTestId('media-editor');
  await expect(editor.getByTestId('media-info-name')).toHaveText('look.png');
  await expect(editor).toContainText(en.media.readOnly);
  await expect(editor.getByRole('button', { name: en.media.save })).toHaveCount(0);
  await expect(editor.getByRole('button', { name: en.media.delete })).toHaveCount(0);
  await expect(editor.getByText(en.media.replace)).toHaveCount(0);
  await staff.close();
});

test('the media screen speaks Italian', async ({ page }) => {
  await page.goto(site('localhost', '/backoffice/it/media'));
  await login(page, 'admin');
  await expect(page.getByRole('heading', { name: it.media.heading })).toBeVisible();
  await expect(page.getByRole('button', { name: it.mediaManager.images })).toBeVisible();
});

/** Rossi Trattori (a dealer, Italian by default) with a few images of its own. */
async function rossiWithImages(page: Page, path: string, names: string[]) {
  await page.goto(site('rossi.localhost', path));
  await login(page, 'rossi');
  await expectSignedIn(page, 'rossi');
  // *.localhost resolves in the browser, not in Node: upload from the page.
  for (const [i, name] of names.entries()) {
    const bytes = [...(await png(200, 40 * i, 20))];
    const { status, id } = await page.evaluate(
      async ({ bytes, name }) => {
        const form = new FormData();
        form.append('data', JSON.stringify({ folder: null }));
        form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        const res = await fetch('/backoffice/api/media/', { method: 'POST', body: form, headers: { accept: 'application/json' } });
        return { status: res.status, id: ((await res.json()) as { id: number }).id };
      },
      { bytes, name },
    );
    expect(status).toBe(201);
    // Its size is known once its variants are made (docs/decisions.md §34): the tests read it from the field.
    await expect.poll(async () => (await call(page, 'GET', `/api/media/${id}`)).data.processing, { timeout: 20_000 }).toBe(false);
  }
}

/** The product form keeps its media fields under the `tabs.media` section (entities/product.ts). */
const MEDIA_TAB = (it as { tabs?: { media?: string } }).tabs?.media ?? 'tabs.media';

/** A field of the form, after opening its section tab when the form has one by that name. */
async function showField(page: Page, testId: string, tab?: string) {
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  const field = page.getByTestId(testId);
  await expect(field).toBeVisible();
  return field;
}

test('the picker returns a chosen media to a form field', async ({ page }) => {
  const name = `${unique('pick').replace(' ', '-')}.png`;
  await rossiWithImages(page, '/backoffice/products/category/new', [name]);
  const field = await showField(page, 'media-field-image');
  await expect(field).toContainText(it.media.noneChosen);

  await field.getByRole('button', { name: new RegExp(`^${it.media.chooseMedia}`) }).click();
  const picker = page.getByTestId('media-picker');
  // The field takes images: the picker keeps that filter.
  await expect(picker.getByRole('button', { name: it.mediaManager.images })).toHaveAttribute('aria-pressed', 'true');
  await picker.getByTestId('media-search').fill(name.replace('.png', ''));
  const tile = picker.getByRole('button', { name: fill(it.media.pick, { name }) });
  await tile.click();
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByTestId('picker-count')).toHaveText(fill(it.media.picked, { count: 1 }));
  await picker.getByTestId('picker-choose').click();

  await expect(picker).toBeHidden();
  await expect(field.getByTestId('media-field-name')).toHaveText(name);
  await expect(field).toContainText('image/png · 40 × 30');
  await field.getByRole('button', { name: it.media.clear }).click();
  await expect(field).toContainText(it.media.noneChosen);
});

test('a gallery takes several media from the picker, in order, and reorders them from the keyboard', async ({ page }) => {
  const tag = unique('gal').replace(' ', '-');
  const names = [`${tag}-a.png`, `${tag}-b.png`] as const;
  await rossiWithImages(page, '/backoffice/products/new', [...names]);
  const field = await showField(page, 'media-many-field-gallery', MEDIA_TAB);
  await field.getByRole('button', { name: new RegExp(`^${it.media.addMedia}`) }).click();
  const picker = page.getByTestId('media-picker');
  await picker.getByTestId('media-search').fill(tag);
  await picker.getByTestId('media-search').press('Enter');
  await picker.getByRole('button', { name: fill(it.media.pick, { name: names[1] }) }).click();
  await picker.getByRole('button', { name: fill(it.media.pick, { name: names[0] }) }).click();
  await expect(picker.getByTestId('picker-count')).toHaveText(fill(it.media.picked, { count: 2 }));
  await picker.getByTestId('picker-choose').click();

  const items = field.getByTestId('media-many-item');
  await expect(items).toHaveText([names[1], names[0]].map((n) => new RegExp(n)));
  await field.getByRole('button', { name: fill(it.media.moveLater, { position: 1 }) }).focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveText(names.map((n) => new RegExp(n)));
  await field.getByRole('button', { name: fill(it.media.removeAt, { position: 1 }) }).click();
  await expect(items).toHaveText([new RegExp(names[1])]);
});

test('a file field uploads a document with a progress row and links it', async ({ page }) => {
  await rossiWithImages(page, '/backoffice/products/new', []);
  const field = await showField(page, 'file-field-brochure', MEDIA_TAB);
  await expect(field).toContainText(it.media.noFile);
  const name = `${unique('brochure').replace(' ', '-')}.pdf`;
  await field.getByTestId('file-field-input-brochure').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  });
  await expect(field.locator('[data-testid="upload-row"][data-status="done"]')).toBeVisible();
  await expect(field.getByTestId('media-field-name')).toHaveText(name);
  await expect(field.getByTestId('media-field-name')).toHaveAttribute('href', /^\/media\//);
  await expect(field).toContainText('application/pdf');
  await field.getByRole('button', { name: it.media.clear }).click();
  await expect(field).toContainText(it.media.noFile);
});
