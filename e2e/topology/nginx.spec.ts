import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openGameFromSearch } from '../support/catalogue';
import { sinkCode } from '../support/topology-mail';

// The production topology (npm run test:nginx): deploy/nginx.conf serving the front ends as
// static folders, the pages from two page services and the API from two instances on
// PostgreSQL + Redis.

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first();
const solveCaptcha = (scope: Locator) => scope.getByText("I'm not a robot").click();
const instances = JSON.parse(process.env.E2E_API_INSTANCES ?? '[]') as string[];
const tlsUrl = process.env.E2E_TLS_URL ?? '';

/** The verification code the API mailed (production: over SMTP, to the topology's sink). */
async function mailedCode(page: Page, to: string): Promise<string> {
  let code: string | null = null;
  await expect.poll(async () => (code = await sinkCode(page.request, to))).toMatch(/^\d{6}$/);
  return code!;
}

test('nginx serves the front ends, every route as a page, with caching and security headers', async ({ request }) => {
  const route = await request.get('/all-games');
  expect(route.status()).toBe(200);
  expect(route.headers()['content-type']).toContain('text/html');
  // Pages: browsers revalidate every time, shared caches keep them briefly (the page service says so).
  expect(route.headers()['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=86400');
  expect(route.headers()['x-content-type-options']).toBe('nosniff');
  expect(route.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect((await request.get('/config.json')).headers()['cache-control']).toContain('max-age=0');

  // A remote's files are under the site's own origin (decision 0065).
  const catalogue = '/mf-catalog';
  const manifest = await request.get(`${catalogue}/mf-manifest.json`);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(manifest.headers()['access-control-allow-origin']).toBe('*');
  expect((await request.get(`${catalogue}/remoteEntry.js`)).headers()['cache-control']).toBe('no-cache');
  const chunk = ((await manifest.json()) as { exposes: { assets: { js: { sync: string[] } } }[] }).exposes[0]!.assets.js.sync[0]!;
  const hashed = await request.get(`${catalogue}/${chunk}`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(hashed.headers()['content-type']).toContain('javascript');
  expect((await request.get(`${catalogue}/no-such-file.js`)).status()).toBe(404);
});

test('/sitemap.xml comes from the page services, which leave out games found dead (decision 0058)', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  // The page services' answer (a page's caching), not the build's file (a static file's).
  expect(sitemap.headers()['cache-control']).toBe(
    'public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=86400',
  );
  // Offline, no game was hidden: every game is listed, under the host the player asked for.
  expect((await sitemap.text()).match(/<loc>[^<]*\/game\/\d+<\/loc>/g)).toHaveLength(65);
});

test('both API instances and both page services answer behind nginx', async ({ request }) => {
  expect(instances).toHaveLength(2);
  for (const instance of instances) expect((await request.get(`${instance}/health`)).ok()).toBeTruthy();
  const pageServices = JSON.parse(process.env.E2E_PAGE_SERVICES ?? '[]') as string[];
  expect(pageServices).toHaveLength(2);
  for (const instance of pageServices) expect((await request.get(`${instance}/readyz`)).ok()).toBeTruthy();
});

test('over https: sign up, verify with the code from the SMTP sink, sign in and play, all on one origin', async ({ page }) => {
  test.setTimeout(180_000);
  const id = `ng${Date.now().toString(36)}`;
  const email = `${id}@example.com`;
  const password = 'Secret#123';
  // Everything of ours the browser asks for: the site's own https origin only, and no preflight.
  const ours = /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/;
  const asked: string[] = [];
  page.on('request', (request) => {
    if (ours.test(request.url())) asked.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(`${tlsUrl}/`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const signUp = dialog(page);
  await signUp.getByLabel('First Name').fill('Grace');
  await signUp.getByLabel('Last Name').fill('Hopper');
  await signUp.getByLabel('Username').fill(id);
  await signUp.getByLabel('Email Address').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(password);
  await signUp.getByRole('checkbox', { name: /I agree .* at least 18/ }).check();
  await solveCaptcha(signUp);
  await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(toast(page, 'Signup successful! Check your email to activate your account.')).toBeVisible();

  const verify = dialog(page);
  await expect(verify.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
  await verify.getByLabel('Verification Code').fill(await mailedCode(page, email));
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(toast(page, 'Email verified successfully.')).toBeVisible();

  const signIn = dialog(page);
  await expect(signIn.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(signIn.getByLabel('Email / User ID')).toHaveValue(email);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(signIn);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Sign-in successful!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();

  // Play: a game page reached client-side, the session still on.
  await openGameFromSearch(page, 'Hobo Speedster');
  await expect(page).toHaveURL(/\/game\/5$/);
  await expect(page.locator('main iframe')).toHaveAttribute('title', 'Hobo Speedster');
  await expect(page.frameLocator('main iframe').locator('body')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();

  // A deep link loads through the history fallback, signed in.
  await page.reload();
  await expect(page.locator('main iframe')).toHaveAttribute('title', 'Hobo Speedster');
  await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();

  expect(asked.some((line) => line.startsWith(`POST ${tlsUrl}/api/`))).toBe(true);
  expect(asked.some((line) => line.includes(`${tlsUrl}/mf-account/`))).toBe(true);
  expect(asked.filter((line) => !line.split(' ')[1]!.startsWith(`${tlsUrl}/`))).toEqual([]);
  expect(asked.filter((line) => line.startsWith('OPTIONS '))).toEqual([]);
});
