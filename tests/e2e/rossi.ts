import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import it from '../../locales/it.json' with { type: 'json' };
import { call, signInAt, site } from './helpers';

export { call };

/**
 * Working as Rossi on rossi.localhost, the demo dealer whose back-office speaks Italian:
 * labels come from it.json; API calls go from inside the page.
 */

export const ROSSI = 'rossi.localhost';
export const url = (path: string) => site(ROSSI, `/backoffice${path}`);

/** An Italian message by key, with `{{placeholders}}` filled. */
export function msg(key: string, values: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<any>((o, k) => o?.[k], it);
  // A count message: the Italian plural form for the count.
  const plural =
    typeof values.count === 'number' && typeof raw?.other === 'string' ? (raw[new Intl.PluralRules('it').select(values.count)] ?? raw.other) : undefined;
  const text = plural ?? (typeof raw === 'string' ? raw : raw?._);
  if (typeof text !== 'string') throw new Error(`no Italian text for ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

export const signIn = (page: Page, path = '/') => signInAt(page, ROSSI, 'rossi', path);

/** The shell's snackbar (react-hot-toast renders each message as a status). */
export const snackbar = (page: Page, text: string) => page.locator('[role="status"]').filter({ hasText: text });
export const confirmDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: msg('confirm.cancel') });
export const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
export const form = (page: Page) => page.getByTestId('entity-form');

export async function chooseOption(page: Page, input: Locator, search: string, option: string | RegExp) {
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** A small PNG made here, uploaded through the media API as the page would. */
export async function uploadImage(page: Page, name: string): Promise<number> {
  const png = (
    await sharp({ create: { width: 96, height: 64, channels: 3, background: '#7ab929' } })
      .png()
      .toBuffer()
  ).toString('base64');
  const answer = await page.evaluate(
    async ({ png, name }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const body = new FormData();
      body.append('data', JSON.stringify({ title: name, alt_text: name }));
      body.append('file', new File([bytes], name, { type: 'image/png' }));
      const res = await fetch('/api/media/', { method: 'POST', body });
      return { status: res.status, data: await res.json() };
    },
    { png, name },
  );
  expect(answer.status, JSON.stringify(answer.data)).toBe(201);
  return answer.data.id as number;
}

/** Opens an entity's list screen as Rossi: its heading, at least one row, the "new" button. */
export async function expectListWithRows(page: Page, path: string, entity: string) {
  await signIn(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(`entities.${entity}.many`));
  const table = page.getByTestId('entity-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
  await expect(page.getByTestId('list-new')).toBeVisible();
}
