import { expect, type Page, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { SITE_PAGES, type SitePageKey } from '../../entities/sitePages/keys';
import { signInAt, site } from './helpers';

/**
 * Site pages (issue 6): `/sitePages/<key>` in both back-offices, each the site's one page
 * of that kind in the entity form's singleton mode.
 */

const MASTER = 'localhost';
const ROSSI = 'rossi.localhost';
const VERDI = 'verdi.localhost';

const form = (page: Page) => page.getByTestId('entity-form');
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** The page as the API has it now, read from inside the page (cookie and host of the browser). */
async function apiPage(page: Page, key: string): Promise<any> {
  return page.evaluate(async (key) => (await fetch(`/api/sitePages/${key}/`, { headers: { accept: 'application/json' } })).json(), key);
}

/** Opens a page screen and waits until its row is loaded into the form. */
async function openPage(page: Page, host: string, key: string) {
  await page.goto(site(host, `/backoffice/sitePages/${key}`));
  await expect(form(page)).toHaveAttribute('data-status', 'editing');
}

async function saveAndReload(page: Page, host: string, key: string) {
  await page.getByTestId('form-save').click();
  await expect(form(page)).toHaveAttribute('data-status', 'saved');
  // Saving a page stays on it: there is no list to go back to.
  await expect(page).toHaveURL(site(host, `/backoffice/sitePages/${key}`));
  await page.reload();
  await expect(form(page)).toHaveAttribute('data-status', 'editing');
}

test('a market administrator sees only the five pages spec §6 allows, and not the others', async ({ page }) => {
  await signInAt(page, MASTER, 'market');
  const group = page.locator('button[aria-controls="nav-group-pages"]');
  await expect(group).toBeVisible();
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const links = page.locator('#nav-group-pages a');
  await expect(links).toHaveText(['Homepage', 'Chi Siamo', 'Ricambi e Lubrificanti', 'Contatti', 'Settings']);
  await expect(links.first()).toHaveAttribute('href', '/backoffice/sitePages/home');

  await page.goto(site(MASTER, '/backoffice/sitePages/cookie_policy'));
  await expect(page.getByRole('heading', { name: en.errors.notFound })).toBeVisible();
  await expect(form(page)).toHaveCount(0);

  // An allowed page opens as a form with Save only: no list, no delete.
  await openPage(page, MASTER, 'contacts');
  await expect(page.getByTestId('form-title')).toHaveText('Contatti');
  await expect(page.getByTestId('form-delete')).toHaveCount(0);
  await expect(page.getByTestId('form-back')).toHaveCount(0);
  await expect(page.getByTestId('form-save')).toBeVisible();
});

/** One distinctive value per page, written where that page keeps it (the home page in Italian). */
const EDITS: Record<SitePageKey, { tab?: string; lang?: string; name: string; value: string }> = {
  home: { lang: 'it', name: 'translations.it.hero_title', value: 'Trattori per ogni stagione' },
  about_us: { name: 'translations.en.intro', value: 'Three generations of tractor people.' },
  spare_parts: { name: 'request_email', value: 'parts-desk@dealer-platform.example' },
  contacts: { name: 'phone', value: '+39 0363 999 111' },
  settings: { tab: en.tabs.sitePage.social, name: 'translations.en.footer_text', value: 'Dealer Platform · made for farmers' },
  cookie_policy: { name: 'translations.en.title', value: 'Cookies on this site' },
  privacy_policy: { name: 'translations.en.title', value: 'Your data and your rights' },
  dealer_brand: { name: 'items_per_page', value: '8' },
  news_list: { name: 'items_per_page', value: '15' },
  product_list: { name: 'items_per_page', value: '21' },
  used_product_list: { name: 'items_per_page', value: '30' },
  promotion_list: { name: 'items_per_page', value: '6' },
};

for (const { key } of SITE_PAGES) {
  test(`the admin edits the ${key} page, saves, reloads and sees the change`, async ({ page }) => {
    const edit = EDITS[key];
    await signInAt(page, MASTER, 'admin', `/sitePages/${key}`);
    await expect(form(page)).toHaveAttribute('data-status', 'editing');
    if (edit.tab) await page.getByRole('tab', { name: edit.tab }).click();
    if (edit.lang) await page.locator(`[role="tab"][data-lang="${edit.lang}"]`).click();
    await field(page, edit.name).fill(edit.value);
    await expect(page.getByTestId('dirty-badge')).toBeVisible();
    await saveAndReload(page, MASTER, key);
    if (edit.tab) await page.getByRole('tab', { name: edit.tab }).click();
    if (edit.lang) await page.locator(`[role="tab"][data-lang="${edit.lang}"]`).click();
    await expect(field(page, edit.name)).toHaveValue(edit.value);
    await expect(page.getByTestId('dirty-badge')).toHaveCount(0);
  });
}

test("a dealer edits its home page with Ctrl+S; the other dealer's home page is unchanged", async ({ page, browser }) => {
  await signInAt(page, ROSSI, 'rossi', '/sitePages/home');
  await expect(form(page)).toHaveAttribute('data-status', 'editing');
  // Rossi's site speaks Italian first: the first language tab is Italian.
  await field(page, 'translations.it.hero_title').fill('Rossi: trattori dal 1968');
  await page.keyboard.press('Control+s');
  await expect(form(page)).toHaveAttribute('data-status', 'saved');
  await page.reload();
  await expect(field(page, 'translations.it.hero_title')).toHaveValue('Rossi: trattori dal 1968');

  const other = await browser.newContext();
  const verdi = await other.newPage();
  await signInAt(verdi, VERDI, 'verdi', '/sitePages/home');
  await expect(form(verdi)).toHaveAttribute('data-status', 'editing');
  // Verdi's site speaks English first.
  await verdi.locator('[role="tab"][data-lang="it"]').click();
  await expect(field(verdi, 'translations.it.hero_title')).toHaveValue('Macchine che lavorano quanto te');
  expect((await apiPage(verdi, 'home')).translations.it.hero_title).toBe('Macchine che lavorano quanto te');
  await other.close();
});

test('a page saved meanwhile by someone else opens the conflict dialog; reloading takes their text', async ({ page }) => {
  await signInAt(page, VERDI, 'verdi', '/sitePages/about_us');
  await expect(form(page)).toHaveAttribute('data-status', 'editing');
  const before = await apiPage(page, 'about_us');
  const status = await page.evaluate(
    async (version) =>
      (
        await fetch('/api/sitePages/about_us/', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ version, translations: { en: { intro: 'Changed elsewhere' } } }),
        })
      ).status,
    before.version,
  );
  expect(status).toBe(200);
  await field(page, 'translations.en.intro').fill('Changed here');
  await page.getByTestId('form-save').click();
  await expect(form(page)).toHaveAttribute('data-status', 'conflict');
  const conflict = page.getByTestId('conflict-dialog');
  await expect(conflict.locator('[data-diff="translations.en.intro"]')).toContainText('Changed elsewhere');
  await page.getByTestId('conflict-reload').click();
  await expect(conflict).toHaveCount(0);
  await expect(field(page, 'translations.en.intro')).toHaveValue('Changed elsewhere');
});

test('leaving a page with unsaved changes asks first; staying keeps the edits', async ({ page }) => {
  await signInAt(page, VERDI, 'verdi', '/sitePages/spare_parts');
  await expect(form(page)).toHaveAttribute('data-status', 'editing');
  await field(page, 'translations.en.intro').fill('Not saved yet');
  await page.locator('#nav-group-pages a[href="/backoffice/sitePages/contacts"]').click();
  const ask = page.getByRole('dialog').filter({ hasText: en.confirm.cancel });
  await expect(ask).toContainText(en.form.leaveQuestion);
  await ask.getByRole('button', { name: en.confirm.cancel }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(site(VERDI, '/backoffice/sitePages/spare_parts'));
  await expect(field(page, 'translations.en.intro')).toHaveValue('Not saved yet');
});
