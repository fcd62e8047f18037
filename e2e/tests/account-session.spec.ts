import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, latestMail, test } from '../fixtures';

// Real sessions from the browser's side (decision 0014): logout revokes the session on the
// server, and an active player's access token is renewed before it expires.

const PASSWORD = 'Secret#123';
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first();

function newEmail(): string {
  return `se${Date.now().toString(36)}${Math.floor(Math.random() * 1e5).toString(36)}@example.com`;
}

/** A verified player, signed in through the API; returns the tokens the login gave. */
async function verifiedPlayer(page: Page, request: APIRequestContext, apiUrl: string) {
  const email = newEmail();
  const username = email.split('@')[0]!;
  const registered = await request.post(`${apiUrl}/register/`, {
    form: { username, email, firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const { code } = await latestMail(page, apiUrl, email);
  expect((await request.post(`${apiUrl}/verify-email/`, { form: { email, verification_code: code ?? '' } })).ok()).toBeTruthy();
  const login = await request.post(`${apiUrl}/login/`, { data: { username: email, password: PASSWORD } });
  expect(login.ok()).toBeTruthy();
  return (await login.json()) as { access_token: string; refresh_token: string };
}

async function storeTokens(page: Page, tokens: { access_token: string; refresh_token: string }) {
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('refresh_token', t.refresh_token);
    localStorage.setItem('token', t.access_token);
  }, tokens);
  await page.reload();
}

const storedTokens = (page: Page) =>
  page.evaluate(() => ({ access_token: localStorage.getItem('token'), refresh_token: localStorage.getItem('refresh_token') }));

test.describe('logout', () => {
  test('Logout sends the refresh token to the logout call and signs out here even when that call fails', async ({
    page,
    apiUrl,
  }) => {
    const tokens = await verifiedPlayer(page, page.request, apiUrl);
    await storeTokens(page, tokens);
    // The server is down for this one call: the local logout must not depend on it.
    await page.route(`${apiUrl}/api/logout`, (route) => route.abort('connectionrefused'));
    const logoutCall = page.waitForRequest(`${apiUrl}/api/logout`);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const request = await logoutCall;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({ refresh_token: tokens.refresh_token });
    expect(await request.headerValue('authorization')).toBeNull();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await storedTokens(page)).toEqual({ access_token: null, refresh_token: null });
  });

  // The account API revokes the session (refresh-token family) on POST /api/logout (decision 0007).
  test('after Logout the old refresh token is refused by the server', async ({ page, apiUrl }) => {
    const tokens = await verifiedPlayer(page, page.request, apiUrl);
    await storeTokens(page, tokens);
    const logoutAnswer = page.waitForResponse(`${apiUrl}/api/logout`);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const answer = await logoutAnswer;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toHaveProperty('detail');
    const refused = await page.request.post(`${apiUrl}/api/refresh-token`, { data: { refresh_token: tokens.refresh_token } });
    expect(refused.status()).toBe(401);
    const userInfo = await page.request.post(`${apiUrl}/get-user-info/`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userInfo.status()).toBe(401);
  });
});

test.describe('renewal before expiry', () => {
  // A second API with 15-second access tokens; the page's calls to the suite's API go to it instead.
  const TTL_SECONDS = 15;
  let shortApi: ChildProcess | null = null;
  let shortApiUrl = '';
  let dataDir = '';

  test.beforeAll(async () => {
    const ports = JSON.parse(process.env.E2E_PORTS ?? '{"api":7000,"shell":7080}') as { api: number; shell: number };
    const port = ports.api + 50;
    shortApiUrl = `http://localhost:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-ttl-'));
    shortApi = spawn(process.execPath, ['account-api/dist/server.js'], {
      cwd: path.join(__dirname, '..', '..'),
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        DEV_OUTBOX: '1',
        LOG_LEVEL: 'warn',
        CORS_ORIGINS: `http://localhost:${ports.shell}`,
        ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS),
      },
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
          } catch {
            return false;
          }
        },
        { timeout: 40_000 },
      )
      .toBe(true);
  });

  test.afterAll(() => {
    shortApi?.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function useShortApi(context: BrowserContext, apiUrl: string) {
    await context.route(`${apiUrl}/**`, (route) => route.continue({ url: route.request().url().replace(apiUrl, shortApiUrl) }));
  }

  test('an active player stays signed in across several access-token lifetimes; other tabs follow', async ({
    page,
    context,
    apiUrl,
  }) => {
    test.slow();
    await useShortApi(context, apiUrl);
    const tokens = await verifiedPlayer(page, page.request, shortApiUrl);
    await storeTokens(page, tokens);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/all-games');
    await expect(other.getByRole('button', { name: /Account menu for/ })).toBeVisible();

    const renewals: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/refresh-token'))
        renewals.push((request.postDataJSON() as { refresh_token: string }).refresh_token);
    });
    // Three lifetimes of the access token.
    await page.waitForTimeout(TTL_SECONDS * 3 * 1000);

    // Renewed at least once per lifetime, never more than once per lifetime in each tab, and each
    // time with the newest refresh token (a refresh token presented twice would be reuse).
    expect(renewals.length).toBeGreaterThanOrEqual(2);
    expect(renewals.length).toBeLessThanOrEqual(8);
    // Uniqueness across tabs is checked in the next test.
    expect(renewals[0]).toBe(tokens.refresh_token);
    const now = await storedTokens(page);
    expect(now.refresh_token).not.toBe(tokens.refresh_token);

    // Still signed in, in both tabs, and the stored token works.
    await expect(toast(page, 'Session expired!')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(other.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  });

  // localStorage reaches other tabs asynchronously: one leader tab renews for all (decision 0014).
  test('with two tabs, no refresh token is presented twice', async ({ page, context, apiUrl }) => {
    test.slow();
    await useShortApi(context, apiUrl);
    const tokens = await verifiedPlayer(page, page.request, shortApiUrl);
    await storeTokens(page, tokens);
    const other = await context.newPage();
    await other.goto('/all-games');
    const renewals: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/refresh-token'))
        renewals.push((request.postDataJSON() as { refresh_token: string }).refresh_token);
    });
    // Three renewals at least (about three lifetimes), so the check below has something to check.
    await expect.poll(() => renewals.length, { timeout: TTL_SECONDS * 5 * 1000 }).toBeGreaterThanOrEqual(3);
    expect(new Set(renewals).size).toBe(renewals.length);
  });

  test("a refused renewal is the product's expiry: 'Session expired!', storage cleared, home", async ({
    page,
    context,
    apiUrl,
  }) => {
    await useShortApi(context, apiUrl);
    const tokens = await verifiedPlayer(page, page.request, shortApiUrl);
    await storeTokens(page, { ...tokens, refresh_token: `${tokens.refresh_token}x` });
    await page.goto('/profile');
    await expect(toast(page, 'Session expired!')).toBeVisible({ timeout: TTL_SECONDS * 1000 + 5000 });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
