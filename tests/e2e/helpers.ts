import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';

export const site = (host: string, path = '/backoffice/') => `http://${host}:${E2E_PORT}${path}`;

/** By field name, not label: a dealer site may greet its users in its own language. */
export async function login(page: Page, username: string, password = 'demo1234') {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

export async function expectSignedIn(page: Page, username: string) {
  await expect(page.getByTestId('username')).toHaveText(username);
}
