import { expect, test } from '@playwright/test';
import { call, field, form, msg, signIn, snackbar } from './rossi';

/**
 * Drafts beside the live row (issue 16), as Rossi: a published news item reworked as a draft
 * while the website keeps the live text, previewed through a signed link, then published.
 */
test('a draft keeps the website on the live text until it is published, and previews on the site', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, '/news');
  const list = (await call(page, 'GET', '/api/news/?fltr=status=published&items=1')).data;
  const live = list.items[0];
  await page.goto(page.url().replace(/\/news.*$/, `/news/${live.id}`));
  const title = field(page, 'translations.it.title');
  await expect(title).toBeVisible();
  const before = await title.inputValue();

  await title.fill(`${before} (bozza)`);
  await page.getByTestId('form-save-pending').click();
  await expect(snackbar(page, msg('form.pendingSaved'))).toBeVisible();
  await expect(page.getByTestId('pending-held')).toBeVisible();
  const detail = (await call(page, 'GET', `/api/news/${live.id}/?language_code=it`)).data;
  expect(detail).toMatchObject({ title: before, has_draft: true });

  // Opened again, the form holds the draft.
  await page.reload();
  await expect(field(page, 'translations.it.title')).toHaveValue(`${before} (bozza)`);

  // Preview: a new tab on the site's page of the row with the token.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('form-preview').click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toContain('preview=');
  await expect(tab.locator('body')).toContainText(`${before} (bozza)`);
  await tab.close();

  await page.getByTestId('form-publish').click();
  await expect(snackbar(page, msg('form.published'))).toBeVisible();
  await expect(page.getByTestId('pending-held')).toHaveCount(0);
  await expect(form(page)).toBeVisible();
  expect((await call(page, 'GET', `/api/news/${live.id}/?language_code=it`)).data).toMatchObject({ title: `${before} (bozza)`, has_draft: false });
});
