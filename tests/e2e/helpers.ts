import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';

export const site = (host: string, path = '/backoffice/') => `http://${host}:${E2E_PORT}${path}`;

export async function login(page: Page, username: string, password = 'demo1234') {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectSignedIn(page: Page, username: string) {
  await expect(page.getByTestId('username')).toHaveText(username);
}
