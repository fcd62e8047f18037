// A canary on the Node page service (decision 0046): `npm run release -- canary` sends a share
// of fresh visitors to another catalogue release, each visitor stays on theirs across reloads,
// every part of their page names the same release, and promote and abort end it. The releases
// are copies of the catalogue's build under other names: the page and its config name which one
// a visitor got, with no second build to wait for.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { canaryId, closeAll, configRelease, freshVisitors, release, releaseSeen, type Visitor } from '../support/cohorts';
import { harnessRemoteUrls, ROOT, serveFolder, servePages } from '../support/servers';

test.describe.configure({ mode: 'serial' });

let work: string;
let env: Record<string, string>;
let site: string;
let stopAll: () => Promise<unknown>;

test.beforeAll(async ({ ports, apiUrl }) => {
  test.setTimeout(120_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-canary-'));
  const releasesPort = ports.api + 88;
  const shellPort = ports.api + 89;
  env = { RELEASES_DIR: path.join(work, 'releases'), RELEASES_URL: `http://localhost:${releasesPort}` };
  for (const version of ['v1', 'v2', 'v3']) release(env, 'publish', 'mf_catalog', version);
  release(env, 'point', 'mf_catalog', 'v1');
  const host = await serveFolder(env.RELEASES_DIR ?? '', releasesPort);
  const shell = await servePages(path.join(ROOT, 'shell', 'dist'), shellPort, {
    ...env,
    ACCOUNT_API_URL: apiUrl,
    ...harnessRemoteUrls(ports, ['mf_catalog']),
  });
  stopAll = () => Promise.all([host.stop(), shell.stop()]);
  site = `http://localhost:${shellPort}`;
});
test.afterAll(async () => {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
});

let visitors: Visitor[] = [];
test.afterEach(async () => {
  await closeAll(visitors);
  visitors = [];
});

test('a 20 % canary reaches 10–30 of 100 fresh visitors; each keeps its release on every page and reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  release(env, 'canary', 'mf_catalog', 'v2', '20', '--why', 'e2e');
  visitors = await freshVisitors(browser, `${site}/`, 100);
  const inCanary = visitors.filter((v) => v.release === 'v2').length;
  // Binomial(100, 0.2): outside 10–30 about once in 80 runs.
  test.info().annotations.push({ type: 'in the canary', description: `${inCanary} of 100` });
  expect(inCanary, `${inCanary} of 100 in the canary`).toBeGreaterThanOrEqual(10);
  expect(inCanary).toBeLessThanOrEqual(30);
  expect(visitors.filter((v) => v.release !== 'v1' && v.release !== 'v2')).toEqual([]);
  for (const visitor of visitors) {
    for (const url of ['/', '/', '/all-games']) expect(await releaseSeen(visitor.context, `${site}${url}`)).toBe(visitor.release);
    // The shell's stale-tab check reads this: it must name the release the page was drawn with.
    expect(await configRelease(visitor.context, site)).toBe(visitor.release);
    const cookies = await visitor.context.cookies(site);
    expect(cookies.map(({ name, httpOnly, sameSite, path: cookiePath }) => ({ name, httpOnly, sameSite, cookiePath }))).toEqual([
      { name: 'portal_cohort', httpOnly: true, sameSite: 'Lax', cookiePath: '/' },
    ]);
  }
});

test('a canary visitor’s browser loads only the canary’s catalogue, hydrates, and keeps it on the next page', async ({
  page,
}) => {
  const id = canaryId(env);
  await page.context().addCookies([{ name: 'portal_cohort', value: `${id}.c`, url: site }]);
  const catalogue: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/mf-catalog/')) catalogue.push(request.url());
  });
  await page.goto(`${site}/all-games`);
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toContainText('All Games');
  await page.getByRole('link', { name: /home$/i }).first().click();
  await expect(page.locator('main a[href^="/game/"]').first()).toBeVisible();
  expect(catalogue.length).toBeGreaterThan(0);
  expect(catalogue.filter((url) => !url.includes('/mf-catalog/v2/'))).toEqual([]);
  // Still the canary after a reload, from the same cookie.
  await page.reload();
  await expect(page.locator('main a[href^="/game/"]').first()).toBeVisible();
  expect(catalogue.filter((url) => !url.includes('/mf-catalog/v2/'))).toEqual([]);
});

test('promote: everyone, in or out of the canary, gets its release; abort: everyone back on the live one', async ({
  browser,
}) => {
  const id = canaryId(env);
  visitors = [];
  for (const label of ['c', 's']) {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'portal_cohort', value: `${id}.${label}`, url: site }]);
    visitors.push({ context, release: await releaseSeen(context, `${site}/`) });
  }
  expect(visitors.map((v) => v.release)).toEqual(['v2', 'v1']);

  release(env, 'promote', 'mf_catalog', '--why', 'e2e');
  for (const visitor of visitors) {
    expect(await releaseSeen(visitor.context, `${site}/`)).toBe('v2');
    expect(await configRelease(visitor.context, site)).toBe('v2');
    // The canary ended: its cookie is deleted.
    expect(await visitor.context.cookies(site)).toEqual([]);
  }

  release(env, 'canary', 'mf_catalog', 'v3', '50');
  const drawn = await freshVisitors(browser, `${site}/`, 12);
  visitors.push(...drawn);
  expect(new Set(drawn.map((v) => v.release))).toEqual(new Set(['v2', 'v3']));
  release(env, 'abort', 'mf_catalog', '--why', 'e2e');
  for (const visitor of drawn) {
    expect(await releaseSeen(visitor.context, `${site}/`)).toBe('v2');
    expect(await configRelease(visitor.context, site)).toBe('v2');
  }
  const status = release(env, 'status', 'mf_catalog');
  expect(status).toMatch(/canary {8}none/);
  expect(status).toMatch(/abort {8}canary v3 ended, v2 for everyone/);
  expect(status).toMatch(/promote {6}v1 → v2/);
});
