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

/**
 * API calls from inside the page: the browser resolves `*.localhost`, sends the session
 * cookie and the Origin the server's CSRF guard wants.
 */
export async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, data: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}
