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
 * Opens `path` of `host`'s back-office signed in as `username`. The session is made through the
 * API and its cookie given to the page's browser context, so the screen loads once, signed in:
 * a test that is not about signing in skips drawing the sign-in screen and a second start.
 * (The test process cannot resolve `*.localhost` as the browser does: it calls the server's
 * address with the site's Host.) Tests of the sign-in screen itself use `login`.
 */
export async function signInAt(page: Page, host: string, username: string, path = '/', password = 'demo1234') {
  const res = await page.request.post(`http://127.0.0.1:${E2E_PORT}/api/auth/login`, {
    data: { username, password },
    headers: { host: `${host}:${E2E_PORT}`, origin: `http://${host}:${E2E_PORT}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  // The context kept the session cookie for the address called: the same cookie, for the site's host.
  const set = await page.context().cookies(`http://127.0.0.1:${E2E_PORT}`);
  expect(set.length, 'the session cookie').toBeGreaterThan(0);
  await page.context().addCookies(set.map((cookie) => ({ ...cookie, domain: host })));
  await page.goto(site(host, `/backoffice${path}`));
  await expectSignedIn(page, username);
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
