import { expect, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { createFolder, fill, openFolder, ORIGIN, signIn, unique, uploadImage } from './mediaHelpers';

/** The focal point of an image (issue 19): set in the edit panel by a click and the arrow keys, saved with the media. */
test('a click on the picture and an arrow key set the focal point, which the save keeps', async ({ page }) => {
  await signIn(page);
  const folder = await createFolder(page, unique('Focal'));
  const media = await uploadImage(page, folder.id, 'tractor.png', [30, 120, 200]);
  await page.reload();
  await openFolder(page, folder.title);

  await page.getByRole('button', { name: fill(en.media.edit, { name: 'tractor.png' }) }).click();
  const editor = page.getByTestId('media-editor');
  const picture = editor.getByTestId('media-focal-point');
  await expect(editor.getByTestId('media-focal-value')).toHaveText(en.media.focalPointCentred);

  const box = (await picture.boundingBox())!;
  await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.8 } });
  await expect(editor.getByTestId('media-focal-value')).toHaveText(fill(en.media.focalPointAt, { x: 25, y: 80 }));
  await picture.press('ArrowRight');
  await expect(editor.getByTestId('media-focal-value')).toHaveText(fill(en.media.focalPointAt, { x: 30, y: 80 }));
  await editor.getByRole('button', { name: en.media.save }).click();
  await expect(editor).toBeHidden();

  const detail = await (await page.request.get(`${ORIGIN}/backoffice/api/media/${media.id}/`)).json();
  expect(detail.focal_point.x).toBeCloseTo(0.3, 2);
  expect(detail.focal_point.y).toBeCloseTo(0.8, 2);

  // Opened again, the marker is where it was saved; Home and a save put it back in the centre.
  await page.getByRole('button', { name: fill(en.media.edit, { name: 'tractor.png' }) }).click();
  await expect(editor.getByTestId('media-focal-value')).toHaveText(fill(en.media.focalPointAt, { x: 30, y: 80 }));
  await picture.press('Home');
  await expect(editor.getByTestId('media-focal-value')).toHaveText(en.media.focalPointCentred);
  await editor.getByRole('button', { name: en.media.save }).click();
  await expect(editor).toBeHidden();
  expect((await (await page.request.get(`${ORIGIN}/backoffice/api/media/${media.id}/`)).json()).focal_point).toBeNull();
});
