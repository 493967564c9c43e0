/** What the media e2e specs share: sign-in, folders and images made through the API, the tiles. */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import en from '../../locales/en.json' with { type: 'json' };
import { E2E_PORT } from '../../playwright.config';
import { signInAt } from './helpers';

export const ORIGIN = `http://localhost:${E2E_PORT}`;
export const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k) => String(values[k]));

/** A small PNG of one colour, made here so the test depends on no fixture file. */
export const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function signIn(page: Page) {
  await signInAt(page, 'localhost', 'admin', '/media');
  await expect(page.getByTestId('media-screen')).toBeVisible();
}

/** Writes go through the page's session; the server wants the Origin of the back-office. */
export async function createFolder(page: Page, title: string, parent: number | null = null): Promise<{ id: number; title: string }> {
  const res = await page.request.post(`${ORIGIN}/backoffice/api/media-folders/`, { data: { title, parent }, headers: { origin: ORIGIN } });
  expect(res.status()).toBe(201);
  return res.json();
}

export async function uploadImage(page: Page, folder: number | null, name: string, color: [number, number, number]): Promise<{ id: number }> {
  const res = await page.request.post(`${ORIGIN}/backoffice/api/media/`, {
    headers: { origin: ORIGIN },
    multipart: {
      data: JSON.stringify({ folder }),
      file: { name, mimeType: 'image/png', buffer: await png(...color) },
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** Opens a folder of the root from the folder list. */
export async function openFolder(page: Page, title: string) {
  await page.getByRole('button', { name: fill(en.media.openFolder, { name: title }), exact: true }).click();
  await expect(page.getByTestId('media-breadcrumb').locator('[aria-current="location"]')).toHaveText(title);
}

export const tiles = (page: Page) => page.getByTestId('media-grid').getByTestId('media-tile');
