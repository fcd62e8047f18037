import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { readOverride, signOverride } from '../../page-service/src/builds/override-token';
import { expect, installOfflineRoutes, test, type PortalPorts } from '../fixtures';
import { harnessRemoteUrls, ROOT, run, serveFolder, servePages } from '../support/servers';

// Preview overrides (decision 0047): a tester opens the site with a signed token and gets another
// build of the catalogue, with a banner, in their browser only. The preview is the catalogue's
// own build served from another origin (an allowed one), so what the browser loads tells which
// build a page uses.
const SECRET = 'e2e-override-secret-0123456789abcdef';
const CATALOG_DIST = path.join(ROOT, 'mf-catalog', 'dist');

let work = '';
let site = '';
let previewUrl: string;
let previewOrigin: string;
let env: Record<string, string>;
let stops: (() => Promise<void>)[] = [];

test.describe.configure({ mode: 'serial' });

async function startSite(ports: PortalPorts, apiUrl: string) {
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-overrides-'));
  const previewPort = ports.api + 92;
  const shellPort = ports.api + 91;
  const previews = path.join(work, 'previews');
  mkdirSync(previews);
  cpSync(CATALOG_DIST, path.join(previews, 'mf-catalog', 'preview'), { recursive: true });
  previewOrigin = `http://localhost:${previewPort}`;
  previewUrl = `${previewOrigin}/mf-catalog/preview/mf-manifest.json`;
  // The deployed config plus the allow-list of origins a preview may load from.
  const config = JSON.parse(readFileSync(path.join(ROOT, 'shell', 'dist', 'config.json'), 'utf8')) as Record<string, unknown>;
  const configFile = path.join(work, 'config.json');
  writeFileSync(configFile, JSON.stringify({ ...config, overrideOrigins: [previewOrigin] }));
  env = {
    RELEASES_DIR: path.join(work, 'releases'),
    RELEASE_OVERRIDE_SECRET: SECRET,
  };
  const host = await serveFolder(previews, previewPort);
  const shell = await servePages(path.join(ROOT, 'shell', 'dist'), shellPort, {
    ...env,
    CONFIG_FILE: configFile,
    ACCOUNT_API_URL: apiUrl,
    ...harnessRemoteUrls(ports),
  });
  stops = [host.stop, shell.stop];
  site = `http://localhost:${shellPort}`;
}

test.beforeEach(async ({ ports, apiUrl }) => {
  if (!site) await startSite(ports, apiUrl);
});
test.afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The token `npm run release -- override-token` prints (first line of its output). */
function issue(url = previewUrl, ttl = '2h'): string {
  const out = run(process.execPath, ['scripts/release.mjs', 'override-token', 'mf-catalog', url, '--ttl', ttl, '--by', 'e2e'], {
    env,
  });
  return out.split('\n')[0]!;
}

/** Every URL the page fetches from the preview origin. */
function previewRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(previewOrigin)) seen.push(request.url());
  });
  return seen;
}

const banner = (page: Page) => page.getByRole('complementary', { name: 'Preview override active:' });

async function overrideCookie(context: BrowserContext) {
  return (await context.cookies(site)).find((cookie) => cookie.name === 'portal_override');
}

async function expectHome(page: Page) {
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
}

test('a token previews the build in one browser, kept in a cookie, and changes nothing in another', async ({ page, browser }) => {
  const token = issue();
  const loaded = previewRequests(page);
  const answers: { status: number; cacheControl: string | undefined; location: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(site) && response.request().resourceType() === 'document')
      answers.push({
        status: response.status(),
        cacheControl: response.headers()['cache-control'],
        location: response.headers().location,
      });
  });

  await page.goto(`${site}/all-games?portal-override=${token}`);
  // Redirected to the same page without the token; the cookie keeps it.
  await expect(page).toHaveURL(`${site}/all-games`);
  expect(answers[0]).toEqual({ status: 303, cacheControl: 'no-store', location: '/all-games' });
  expect(answers[1]?.cacheControl).toBe('private, no-store');
  const cookie = await overrideCookie(page.context());
  expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
  const hoursLeft = (cookie!.expires * 1000 - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(1.9);
  expect(hoursLeft).toBeLessThanOrEqual(2);

  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(`mf_catalog loads ${previewUrl} until`);
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toContainText('All Games');
  // The catalogue came from the preview's origin: its manifest, its entry and its chunks.
  await expect.poll(() => loaded.some((url) => url.endsWith('/mf-catalog/preview/remoteEntry.js'))).toBe(true);
  expect(loaded).toContain(previewUrl);

  // In-site navigation keeps the preview (it is the page's config); a reload too (the cookie).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expectHome(page);
  await page.reload();
  await expect(banner(page)).toBeVisible();
  const config = (await (await page.request.get(`${site}/config.json`)).json()) as { remotes: Record<string, string> };
  expect(config.remotes.mf_catalog).toBe(previewUrl);

  // Another browser: the stable site, no banner, nothing from the preview's origin.
  const other = await browser.newContext();
  await installOfflineRoutes(other);
  try {
    const otherPage = await other.newPage();
    const otherLoaded = previewRequests(otherPage);
    await otherPage.goto(`${site}/all-games`);
    await expect(otherPage.locator('main').getByRole('heading', { level: 1 })).toContainText('All Games');
    await expect(banner(otherPage)).toHaveCount(0);
    expect(otherLoaded).toEqual([]);
    expect(await overrideCookie(other)).toBeUndefined();
  } finally {
    await other.close();
  }
});

test('a forged, expired, unknown-origin or unknown-remote token does nothing, and a bad cookie is cleared', async ({
  page,
  context,
}) => {
  const loaded = previewRequests(page);
  const good = issue();
  const [prefix, payload, signature] = good.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, exp: Date.now() + 86_400_000 * 30 })).toString('base64url')}.${signature}`;
  const wrongSecret = signOverride({ remote: 'mf_catalog', url: previewUrl, exp: Date.now() + 3_600_000 }, 'x'.repeat(40));
  const expired = signOverride({ remote: 'mf_catalog', url: previewUrl, exp: Date.now() - 1_000 }, SECRET);
  const otherOrigin = issue('http://localhost:1/mf-catalog/preview/mf-manifest.json');
  const unknownRemote = signOverride({ remote: 'mf_nothing', url: previewUrl, exp: Date.now() + 3_600_000 }, SECRET);

  for (const token of [forged, wrongSecret, expired, otherOrigin, unknownRemote, 'garbage']) {
    await page.goto(`${site}/?portal-override=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(`${site}/`);
    await expectHome(page);
    await expect(banner(page)).toHaveCount(0);
    expect(await overrideCookie(context), token).toBeUndefined();
  }
  // A cookie set some other way is cleared by the next page, which is the stable one.
  await context.addCookies([{ name: 'portal_override', value: forged, url: site }]);
  const response = await page.goto(`${site}/`);
  expect((await response!.allHeaders())['set-cookie']).toBe('portal_override=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  await expect(banner(page)).toHaveCount(0);
  expect(await overrideCookie(context)).toBeUndefined();
  expect(loaded).toEqual([]);
});

test('the banner says what is previewed and its link clears it, without JavaScript too', async ({ browser }) => {
  const token = issue();
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    await installOfflineRoutes(context);
    try {
      const page = await context.newPage();
      await page.goto(`${site}/all-games?portal-override=${token}`);
      await expect(banner(page)).toBeVisible();
      const clear = banner(page).getByRole('link', { name: 'Clear preview' });
      await clear.focus();
      await expect(clear).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${site}/all-games`);
      await expect(banner(page)).toHaveCount(0);
      expect(await overrideCookie(context)).toBeUndefined();
    } finally {
      await context.close();
    }
  }
});

test('a revoked token ends its preview on that browser’s next page load; another token keeps working', async ({ browser }) => {
  const revoked = issue();
  const kept = issue();
  const id = readOverride(revoked)?.id ?? '';
  const leaked = await browser.newContext();
  const other = await browser.newContext();
  /** A page of the context's own, opened on All Games (with the link, when given). */
  const open = async (context: BrowserContext, token?: string) => {
    await installOfflineRoutes(context);
    const page = await context.newPage();
    const loaded = previewRequests(page);
    await page.goto(`${site}/all-games${token ? `?portal-override=${token}` : ''}`);
    return { page, loaded };
  };
  try {
    const before = await open(leaked, revoked);
    await expect(banner(before.page)).toBeVisible();
    const elsewhere = await open(other, kept);
    await expect(banner(elsewhere.page)).toBeVisible();
    const out = run(process.execPath, ['scripts/release.mjs', 'revoke-override', 'mf-catalog', id, '--why', 'e2e'], { env });
    expect(out).toContain(`override ${id}`);

    // Its next page load (a page of its own: the old one may still be prefetching from the preview).
    await before.page.close();
    const next = await open(leaked);
    await expect(next.page.locator('main').getByRole('heading', { level: 1 })).toContainText('All Games');
    await expect(banner(next.page)).toHaveCount(0);
    expect(await overrideCookie(leaked)).toBeUndefined();
    expect(next.loaded).toEqual([]);

    await elsewhere.page.reload();
    await expect(banner(elsewhere.page)).toBeVisible();
  } finally {
    await Promise.all([leaked.close(), other.close()]);
  }
});
