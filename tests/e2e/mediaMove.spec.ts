import { expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { createFolder, fill, openFolder, ORIGIN, signIn, tiles, unique, uploadImage } from './mediaHelpers';

/**
 * Issue 18 defect 4: existing media move into folders by dragging tiles onto a folder or a
 * crumb of the trail, by Move to… (the bulk bar, or a tile's own button from the keyboard),
 * and by the folder field of the edit panel. Every test works in folders of its own.
 */

const tile = (page: Page, name: string) => tiles(page).filter({ has: page.getByRole('button', { name: fill(en.media.edit, { name }), exact: true }) });

async function folderOf(page: Page, id: number): Promise<number | null> {
  const res = await page.request.get(`${ORIGIN}/backoffice/api/media/${id}/`);
  expect(res.status()).toBe(200);
  return (await res.json()).folder;
}

const snackbar = (page: Page, count: number) => page.getByRole('status').filter({ hasText: fill(en.media.moved, { count }) });

test('tiles dragged onto a folder move there, the ticked ones together; one dragged onto the root crumb goes to the root', async ({ page }) => {
  await signIn(page);
  const home = await createFolder(page, unique('Drag'));
  const target = await createFolder(page, unique('Target'), home.id);
  const a = await uploadImage(page, home.id, 'drag-a.png', [200, 0, 0]);
  const b = await uploadImage(page, home.id, 'drag-b.png', [0, 200, 0]);
  const c = await uploadImage(page, home.id, 'drag-c.png', [0, 0, 200]);
  await page.reload();
  await openFolder(page, home.title);
  await expect(tiles(page)).toHaveCount(3);

  // Two ticked, one of them dragged: both go.
  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'drag-a.png' }) }).check();
  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'drag-b.png' }) }).check();
  await tile(page, 'drag-a.png').dragTo(page.getByTestId('media-folder').filter({ hasText: target.title }));
  await expect(snackbar(page, 2)).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
  expect([await folderOf(page, a.id), await folderOf(page, b.id), await folderOf(page, c.id)]).toEqual([target.id, target.id, home.id]);

  // Not ticked: only itself, onto the root of the trail.
  await tile(page, 'drag-c.png').dragTo(page.getByTestId('media-breadcrumb').getByRole('button', { name: en.mediaManager.root }));
  await expect(tiles(page)).toHaveCount(0);
  expect(await folderOf(page, c.id)).toBeNull();
});

test('Move to… from the bulk bar moves the ticked media into the folder chosen in the dialog', async ({ page }) => {
  await signIn(page);
  const home = await createFolder(page, unique('Bulk'));
  const parent = await createFolder(page, unique('Parent'));
  const nested = await createFolder(page, unique('Nested'), parent.id);
  const a = await uploadImage(page, home.id, 'bulk-a.png', [10, 10, 10]);
  const b = await uploadImage(page, home.id, 'bulk-b.png', [60, 60, 60]);
  await page.reload();
  await openFolder(page, home.title);
  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'bulk-a.png' }) }).check();
  await page.getByRole('checkbox', { name: fill(en.media.select, { name: 'bulk-b.png' }) }).check();
  await page.getByTestId('bulk-move').click();

  const dialog = page.getByTestId('move-dialog');
  await expect(dialog.getByRole('heading', { name: fill(en.media.moveTitle, { count: 2 }) })).toBeVisible();
  // The tree: the root first, a nested folder after its parent.
  const names = await dialog.getByRole('listitem').allTextContents();
  expect(names[0]).toBe(en.mediaManager.root);
  expect(names.indexOf(nested.title)).toBe(names.indexOf(parent.title) + 1);
  await dialog.getByRole('button', { name: nested.title, exact: true }).click();

  await expect(snackbar(page, 2)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('media-empty')).toBeVisible();
  await expect(page.getByTestId('media-bulk-bar')).toBeHidden();
  expect([await folderOf(page, a.id), await folderOf(page, b.id)]).toEqual([nested.id, nested.id]);
});

test("a tile's Move button works from the keyboard, and Escape closes the dialog moving nothing", async ({ page }) => {
  await signIn(page);
  const home = await createFolder(page, unique('Keys'));
  const target = await createFolder(page, unique('KeyTarget'));
  const a = await uploadImage(page, home.id, 'keys-a.png', [120, 30, 30]);
  await page.reload();
  await openFolder(page, home.title);

  const move = page.getByRole('button', { name: fill(en.media.moveOne, { name: 'keys-a.png' }) });
  await move.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('move-dialog');
  await expect(dialog.getByRole('button', { name: en.mediaManager.root })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await folderOf(page, a.id)).toBe(home.id);

  await move.focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: target.title, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(snackbar(page, 1)).toBeVisible();
  expect(await folderOf(page, a.id)).toBe(target.id);
});

test('the edit panel moves a media with its folder field', async ({ page }) => {
  await signIn(page);
  const home = await createFolder(page, unique('Panel'));
  const target = await createFolder(page, unique('PanelTarget'), home.id);
  const a = await uploadImage(page, home.id, 'panel-a.png', [30, 120, 30]);
  await page.reload();
  await openFolder(page, home.title);
  await page.getByRole('button', { name: fill(en.media.edit, { name: 'panel-a.png' }) }).click();
  const editor = page.getByTestId('media-editor');
  const field = editor.getByLabel(en.media.folder);
  await expect(field).toBeEnabled();
  await expect(field).toHaveValue(String(home.id));
  await field.selectOption(String(target.id));
  await editor.getByRole('button', { name: en.media.save }).click();
  await expect(editor).toBeHidden();
  await expect(tiles(page)).toHaveCount(0);
  expect(await folderOf(page, a.id)).toBe(target.id);
  await openFolder(page, target.title);
  await expect(tiles(page)).toHaveCount(1);
});
