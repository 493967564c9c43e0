import { expect, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import sharp from 'sharp';
import { createFolder, fill, openFolder, png, signIn, tiles } from './mediaHelpers';

/**
 * Image work off the request path (issue 19 item 4): an uploaded photo is in the grid at
 * once with a "Processing…" placeholder, and its thumbnail replaces the placeholder when the
 * server's job has made it, without a reload.
 */
test('an uploaded photo shows a processing placeholder, then its thumbnail', async ({ page }) => {
  // A 24-megapixel upload and its variants: 28–31 s on a busy CI machine, over the default 30 s.
  test.setTimeout(60_000);
  await signIn(page);
  const folder = await createFolder(page, `Photos ${Date.now().toString(36)}`);
  await page.reload();
  await openFolder(page, folder.title);

  // A 24-megapixel photo of noise: its variants take the image worker a while, the upload does not wait for them.
  const photo = await sharp({
    create: { width: 6000, height: 4000, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  await page.getByTestId('media-upload-input').setInputFiles({ name: 'field.jpg', mimeType: 'image/jpeg', buffer: photo });

  const tile = tiles(page).filter({ has: page.getByRole('button', { name: fill(en.media.edit, { name: 'field.jpg' }) }) });
  await expect(tile.getByTestId('media-processing')).toContainText(en.mediaGallery.processing, { timeout: 15_000 });
  await expect(page.locator('[data-testid="upload-row"][data-processing="true"]')).toContainText(en.upload.processing);

  const thumb = tile.locator('img');
  await expect(thumb).toHaveAttribute('src', /^\/media\/.+\.thumb\.webp$/, { timeout: 20_000 });
  await expect(tile.getByTestId('media-processing')).toHaveCount(0);
  await expect.poll(() => thumb.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test('an image the server cannot read says so on its tile and in its editor, instead of a broken picture', async ({ page }) => {
  await signIn(page);
  const folder = await createFolder(page, `Broken ${Date.now().toString(36)}`);
  await page.reload();
  await openFolder(page, folder.title);

  // A PNG cut short: its type is known from its first bytes, whether it decodes only once its job runs.
  const whole = await png(122, 185, 41);
  await page.getByTestId('media-upload-input').setInputFiles({ name: 'cut.png', mimeType: 'image/png', buffer: whole.subarray(0, 40) });

  const open = page.getByRole('button', { name: fill(en.media.edit, { name: 'cut.png' }) });
  const tile = tiles(page).filter({ has: open });
  const noPreview = tile.getByTestId('media-no-preview');
  await expect(noPreview).toContainText(en.mediaGallery.noPreview, { timeout: 20_000 });
  await expect(noPreview).toHaveAttribute('title', en.mediaGallery.previewError.imageInvalid);
  await expect(tile.locator('img')).toHaveCount(0);

  await open.click();
  await expect(page.getByTestId('media-editor').getByRole('status')).toHaveText(en.mediaGallery.previewError.imageInvalid);
});
