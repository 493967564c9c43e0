import { expect, test } from '@playwright/test';
import { call, field, msg, signIn, snackbar, url } from './rossi';

/**
 * Issue 15 §4: a dealer renames a published news item and finds the 301 the server recorded
 * in the Redirects list; adds a redirect by hand; a redirect that would loop is refused with
 * a message on its target.
 */
test('a dealer sees the automatic redirect of a renamed news item, adds one by hand, and a loop is refused', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, '/news');
  const n = Date.now();
  const slug = `notizia-rinominata-${n}`;
  const made = await call(page, 'POST', '/api/news/', {
    status: 'published',
    publish_at: new Date().toISOString(),
    translations: { it: { title: 'Notizia rinominata', slug } },
  });
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  const [oldPath, newPath] = [`/it/notizie/${slug}`, `/it/notizie/${slug}-nuova`];

  await page.goto(url(`/news/${made.data.id}`));
  await field(page, 'translations.it.slug').fill(`${slug}-nuova`);
  await page.getByTestId('form-save-continue').click();
  await expect(snackbar(page, msg('form.saved'))).toBeVisible();

  await page.getByRole('link', { name: msg('nav.redirects') }).click();
  await expect(page.getByRole('heading', { name: msg('entities.redirect.many') })).toBeVisible();
  const automatic = page.locator('tr', { hasText: `${oldPath}${newPath}` });
  await expect(automatic).toBeVisible();
  await expect(automatic).toContainText(msg('options.redirect.origin.automatic'));

  // By hand: an old page of the dealer's former website to the renamed item.
  await page.getByTestId('list-new').click();
  await field(page, 'from_path').fill(`/vecchio-sito-${n}`);
  await field(page, 'to_path').fill(newPath);
  await page.getByTestId('form-save').click();
  // The rename's "saved" may still be showing: the newest one is this save's, and the row below proves it.
  await expect(snackbar(page, msg('form.saved')).last()).toBeVisible();
  const manual = page.locator('tr', { hasText: `/vecchio-sito-${n}` });
  await expect(manual).toBeVisible();
  await expect(manual).toContainText(msg('options.redirect.origin.manual'));

  // Back from the item's path to that old page would send visitors round in a circle.
  await page.getByTestId('list-new').click();
  await field(page, 'from_path').fill(newPath);
  await field(page, 'to_path').fill(`/vecchio-sito-${n}`);
  await page.getByTestId('form-save').click();
  await expect(page.getByText(msg('validation.redirectLoop'))).toBeVisible();
  const stored = await call(page, 'GET', `/api/redirects/?search=vecchio-sito-${n}`);
  expect(stored.data.items.map((r: { from_path: string }) => r.from_path)).toEqual([`/vecchio-sito-${n}`]);
});
