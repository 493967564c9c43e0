import { expect, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { createFolder, fill, openFolder, signIn, tiles, unique, uploadImage } from './mediaHelpers';

/**
 * Issue 18 defect 5: the media screen keeps its folder, page, filter and search in the URL,
 * so a reload stays where the user was and Back walks up the folder trail.
 */

const crumbs = (page: import('@playwright/test').Page) => page.getByTestId('media-breadcrumb').getByRole('button');

test('a reload keeps the open folder, its trail and the search', async ({ page }) => {
  await signIn(page);
  const parent = await createFolder(page, unique('Reload'));
  const child = await createFolder(page, unique('Inner'), parent.id);
  await uploadImage(page, child.id, 'kept-after-reload.png', [10, 90, 200]);
  await page.reload();
  await openFolder(page, parent.title);
  await openFolder(page, child.title);
  await page.getByTestId('media-search').fill('kept');
  await page.getByTestId('media-search').press('Enter');
  await expect(tiles(page)).toHaveCount(1);

  await page.reload();
  await expect(crumbs(page)).toHaveText([en.mediaManager.root, parent.title, child.title]);
  await expect(page.getByTestId('media-search')).toHaveValue('kept');
  await expect(tiles(page)).toHaveCount(1);
});

test('Back walks up the folder trail, then leaves the media screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/backoffice/');
  await page.goto('/backoffice/media');
  const parent = await createFolder(page, unique('Back'));
  const child = await createFolder(page, unique('Deeper'), parent.id);
  await page.reload();
  await openFolder(page, parent.title);
  await openFolder(page, child.title);
  // A filter change replaces the entry: Back does not undo it step by step.
  await page.getByTestId('media-types').getByRole('button', { name: en.mediaManager.images }).click();
  await expect(page).toHaveURL(/type=image/);

  await page.goBack();
  await expect(crumbs(page)).toHaveText([en.mediaManager.root, parent.title]);
  await page.goBack();
  await expect(crumbs(page)).toHaveText([en.mediaManager.root]);
  await expect(page.getByRole('button', { name: fill(en.media.openFolder, { name: parent.title }), exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('media-screen')).toBeHidden();
});
