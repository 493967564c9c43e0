import { expect, type Page, test } from '@playwright/test';
import { call, field, form, msg, signIn, snackbar, url } from './rossi';

/**
 * Scheduled publishing (issue 16 item 3, decisions §30) as Rossi: a published product of its
 * own reworked as a draft, previewed while the website keeps the live text, its publication
 * scheduled a minute ahead from the form, then the server's clock driven past that minute
 * (the e2e build's clock control, never a wait) and the draft is live.
 */

/** The scheduler's clock, moved ahead by `ms` (0 reads it): its ISO time. */
async function clock(page: Page, ms: number): Promise<string> {
  const res = await call(page, 'POST', '/api/dev/clock/', { advance_ms: ms });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data.now as string;
}

/** A `datetime-local` value for `iso` in the browser's own time zone, the one the form shows. */
const localInput = (page: Page, iso: string) =>
  page.evaluate((iso) => {
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, iso);

test('a draft scheduled a minute ahead goes live when the clock passes it, and the history records it', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, '/products');
  const brand = (await call(page, 'GET', '/api/brand/?items=1')).data.items[0].id;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const before = `Trattore programmato ${stamp}`;
  const after = `${before} nuovo`;
  const made = await call(page, 'POST', '/api/products/', {
    brand,
    status: 'published',
    translations: { it: { name: before, slug: `trattore-programmato-${stamp}` } },
  });
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  const id = made.data.id as number;
  const slug = made.data.translations.it.slug as string;
  // Asked as a site would after its cache's max-age: revalidated by ETag, not the browser's copy.
  const delivered = async () => {
    const res = await page.evaluate(async (path) => {
      const r = await fetch(path, { cache: 'no-cache', headers: { accept: 'application/json' } });
      return { status: r.status, data: await r.json() };
    }, `/api/public/v1/products/${slug}?lang=it`);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data.item.name as string;
  };
  expect(await delivered()).toBe(before);

  // The new text saved as a draft: the row and the website keep the live one.
  await page.goto(url(`/products/${id}`));
  const name = field(page, 'translations.it.name');
  await expect(name).toHaveValue(before);
  await name.fill(after);
  await page.getByTestId('form-save-pending').click();
  await expect(snackbar(page, msg('form.pendingSaved'))).toBeVisible();
  await expect(page.getByTestId('pending-held')).toBeVisible();

  // The preview shows the draft; without its token the delivery API still answers the live text.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('form-preview').click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toContain('preview=');
  await expect(tab.locator('body')).toContainText(after);
  await tab.close();
  expect(await delivered()).toBe(before);

  // Publication scheduled through the form, at the first whole minute at least a minute
  // after the server's clock (which earlier tests of this run may have moved ahead).
  const due = new Date(Math.ceil((Date.parse(await clock(page, 0)) + 60_000) / 60_000) * 60_000).toISOString();
  const local = await localInput(page, due);
  const time = local.slice(11);
  const section = page.getByTestId('schedule');
  await expect(section).toContainText(msg('schedule.none'));
  await page.getByTestId('schedule-open').click();
  await page.locator('input[name="schedule_publish_at"]').fill(local);
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/products/${id}/schedule/`) && r.request().method() === 'POST');
  await page.getByTestId('schedule-save').click();
  expect((await saved).status()).toBe(200);
  const badge = page.getByTestId('schedule-publish_at');
  await expect(badge).toBeVisible();
  await expect(badge).toContainText(time);
  await expect(page.getByTestId('schedule-save')).toHaveCount(0);
  expect((await call(page, 'GET', `/api/products/${id}/`)).data.schedule).toMatchObject({ publish_at: due, unpublish_at: null });
  expect(await delivered()).toBe(before);

  // The list's badge says when.
  await page.goto(url(`/products?search=${stamp}`));
  const row = page.locator(`[data-testid="entity-table"] tbody tr[data-row-id="${id}"]`);
  await expect(row.getByTestId('row-publish-at')).toContainText(time);

  // The clock past the due minute: the draft is live, the schedule spent.
  await clock(page, Date.parse(due) - Date.parse(await clock(page, 0)) + 60_000);
  expect(await delivered()).toBe(after);
  expect((await call(page, 'GET', `/api/products/${id}/`)).data).toMatchObject({ has_draft: false, schedule: { publish_at: null } });

  await page.goto(url(`/products/${id}`));
  await expect(form(page)).toBeVisible();
  await expect(field(page, 'translations.it.name')).toHaveValue(after);
  await expect(page.getByTestId('pending-held')).toHaveCount(0);
  await expect(section).toContainText(msg('schedule.none'));

  // The history: the scheduled publication on top, by the user who scheduled it, above the draft it put live.
  await page.getByTestId('history-toggle').click();
  const entries = page.getByTestId('history-entry');
  await expect(entries.first()).toHaveAttribute('data-action', 'scheduled_publish');
  await expect(entries.first()).toContainText(msg('activity.actions.scheduled_publish'));
  await expect(entries.first()).toContainText('rossi');
  await expect(entries.nth(1)).toHaveAttribute('data-action', 'draft');
});
