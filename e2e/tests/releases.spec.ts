import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { releaseProcess } from '../support/cohorts';
import { idlePrefetchDone } from '../support/idle-prefetch';
import {
  deployAdditively,
  folderDigest,
  harnessRemoteUrls,
  replaceFolder,
  ROOT,
  run,
  serveFolder,
  servePages,
  type RunningServer,
} from '../support/servers';

// A second build of the catalogue (same code, another build): what a redeploy puts online.
const V2_BUILD_ID = 'e2ev2';
const CATALOG_DIST = path.join(ROOT, 'mf-catalog', 'dist');

let work: string;
let v2: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(240_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-releases-'));
  v2 = path.join(work, 'catalog-v2');
  run('npx', ['rspack', 'build', '--mode', 'production', '--output-path', v2], {
    cwd: path.join(ROOT, 'mf-catalog'),
    env: { BUILD_ID: V2_BUILD_ID },
  });
  // As the remote's build script does: .br/.gz siblings, which replace the old build's too.
  run(process.execPath, ['scripts/precompress.mjs', v2]);
});
test.afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function expectSameWindow(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}
/** Chunk-loading globals of the catalogue's builds in this tab. */
async function catalogGlobals(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window).filter((key) => key.startsWith('rspackChunkmf_catalog')));
}
async function searchFromHeader(page: Page, text: string) {
  await page.getByPlaceholder('Search Games').fill(text);
  await page.getByPlaceholder('Search Games').press('Enter');
}
async function expectCataloguePage(page: Page, heading: RegExp | string) {
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toContainText(heading);
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
}

test.describe('a tab open while the catalogue is redeployed', () => {
  let live: string;
  let server: RunningServer | undefined;

  test.beforeEach(async ({ context, ports }) => {
    live = mkdtempSync(path.join(work, 'live-'));
    cpSync(CATALOG_DIST, live, { recursive: true });
    const port = ports.api + 84;
    server = await serveFolder(live, port);
    // The catalogue's origin answers from this test's own folder. (The runtime config is inlined
    // into the pre-rendered HTML, so the tab never fetches /config.json to be pointed elsewhere.)
    const catalogueOrigin = `http://localhost:${ports.mf_catalog}`;
    await context.route(`${catalogueOrigin}/**`, (route) =>
      route.continue({ url: route.request().url().replace(catalogueOrigin, `http://localhost:${port}`) }),
    );
  });
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test('old chunks deleted: pages visited and not visited before the deploy load the new build, no reload', async ({ page }) => {
    await page.goto('/all-games');
    await expectCataloguePage(page, 'All Games');
    // A tab open a while: its links' pages are prefetched, and focusing the search box prefetches
    // the search page, so that load and the page's own both meet the redeploy.
    await idlePrefetchDone(page);
    await markWindow(page);
    const before = await catalogGlobals(page);

    replaceFolder(live, v2);

    await searchFromHeader(page, 'car');
    await expect(page).toHaveURL(/\/search\?q=car$/);
    await expectCataloguePage(page, 'CAR');
    await expect(page.locator('main').getByRole('link', { name: /car/i }).first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Games' }).click();
    await expectCataloguePage(page, 'All Games');
    await expectSameWindow(page);
    // Two builds, two chunk-loading globals: the new runtime never runs the old build's chunks.
    expect(await catalogGlobals(page)).toEqual([...before, `rspackChunkmf_catalog_${V2_BUILD_ID}`]);
  });

  test('old chunks kept (additive deploy): the tab keeps its build, the next page load takes the new one', async ({ page }) => {
    await page.goto('/all-games');
    await expectCataloguePage(page, 'All Games');
    await markWindow(page);

    deployAdditively(live, v2);

    await searchFromHeader(page, 'car');
    await expect(page.locator('main').getByRole('link', { name: /car/i }).first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Games' }).click();
    await expectCataloguePage(page, 'All Games');
    await expectSameWindow(page);
    expect(await catalogGlobals(page)).not.toContain(`rspackChunkmf_catalog_${V2_BUILD_ID}`);

    await page.reload();
    await expectCataloguePage(page, 'All Games');
    expect(await catalogGlobals(page)).toEqual([`rspackChunkmf_catalog_${V2_BUILD_ID}`]);
  });
});

test.describe('versioned releases: publish, point, roll back', () => {
  test('v2 published and pointed at, then rolled back to v1, with the shell untouched', async ({ page, ports, apiUrl }) => {
    const releases = path.join(work, 'releases');
    const releasesPort = ports.api + 86;
    const shellPort = ports.api + 85;
    const env = { RELEASES_DIR: releases, RELEASES_URL: `http://localhost:${releasesPort}` };
    const shellBefore = folderDigest(path.join(ROOT, 'shell', 'dist'));

    run(process.execPath, ['scripts/release.mjs', 'publish', 'mf_catalog', 'v1'], { env });
    run(process.execPath, ['scripts/release.mjs', 'point', 'mf_catalog', 'v1'], { env });
    run(process.execPath, ['scripts/release.mjs', 'publish', 'mf-catalog', 'v2', '--from', v2], { env });

    const host = await serveFolder(releases, releasesPort);
    const shell = await servePages(path.join(ROOT, 'shell', 'dist'), shellPort, {
      ...env,
      ACCOUNT_API_URL: apiUrl,
      ...harnessRemoteUrls(ports, ['mf_catalog']),
    });
    try {
      const site = `http://localhost:${shellPort}`;
      const manifestHeaders = await fetch(`${env.RELEASES_URL}/mf-catalog/v1/mf-manifest.json`);
      expect(manifestHeaders.headers.get('cache-control')).toBe('no-cache');
      expect((await fetch(`${env.RELEASES_URL}/mf-catalog/v1/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');

      await page.goto(`${site}/all-games`);
      await expectCataloguePage(page, 'All Games');
      expect(await catalogGlobals(page)).not.toContain(`rspackChunkmf_catalog_${V2_BUILD_ID}`);

      // Point at v2: the next page load takes it, no restart of any server.
      run(process.execPath, ['scripts/release.mjs', 'point', 'mf_catalog', 'v2'], { env });
      expect(
        ((await (await fetch(`${site}/config.json`)).json()) as { remotes: Record<string, string> }).remotes.mf_catalog,
      ).toBe(`${env.RELEASES_URL}/mf-catalog/v2/mf-manifest.json`);
      await page.reload();
      await expectCataloguePage(page, 'All Games');
      expect(await catalogGlobals(page)).toEqual([`rspackChunkmf_catalog_${V2_BUILD_ID}`]);

      // Roll back: v1 again on the next page load.
      run(process.execPath, ['scripts/release.mjs', 'rollback', 'mf_catalog'], { env });
      await page.reload();
      await expectCataloguePage(page, 'All Games');
      expect(await catalogGlobals(page)).not.toContain(`rspackChunkmf_catalog_${V2_BUILD_ID}`);
      expect(
        ((await (await fetch(`${site}/config.json`)).json()) as { remotes: Record<string, string> }).remotes.mf_catalog,
      ).toBe(`${env.RELEASES_URL}/mf-catalog/v1/mf-manifest.json`);
    } finally {
      await Promise.all([host.stop(), shell.stop()]);
    }
    expect(folderDigest(path.join(ROOT, 'shell', 'dist'))).toEqual(shellBefore);
  });

  test('two teams pointing at the same moment: both changes kept, and the next page takes both', async ({
    page,
    ports,
    apiUrl,
  }) => {
    const releases = path.join(work, 'releases-concurrent');
    const releasesPort = ports.api + 86;
    const shellPort = ports.api + 85;
    const env = { RELEASES_DIR: releases, RELEASES_URL: `http://localhost:${releasesPort}` };
    run(process.execPath, ['scripts/release.mjs', 'publish', 'mf-catalog', 'v2', '--from', v2], { env });
    run(process.execPath, ['scripts/release.mjs', 'publish', 'mf-player', 'p1'], { env });

    // Two processes, started together: each takes the pointers' lock in turn.
    const changes = await Promise.all([
      releaseProcess(env, 'point', 'mf-catalog', 'v2', '--why', 'catalogue team'),
      releaseProcess(env, 'point', 'mf-player', 'p1', '--why', 'player team'),
    ]);
    expect(changes.map(({ code }) => code)).toEqual([0, 0]);

    const status = JSON.parse(run(process.execPath, ['scripts/release.mjs', 'status', '--json'], { env })) as {
      version: number;
      remotes: { remote: string; live: { version: string } | null; changes: { action: string; why?: string }[] }[];
    };
    const live = Object.fromEntries(status.remotes.map((r) => [r.remote, r.live?.version ?? null]));
    expect(live).toMatchObject({ mf_catalog: 'v2', mf_player: 'p1' });
    const whys = status.remotes.flatMap((r) => r.changes.filter((c) => c.action === 'point').map((c) => c.why));
    expect(whys.sort()).toEqual(['catalogue team', 'player team']);

    const host = await serveFolder(releases, releasesPort);
    const shell = await servePages(path.join(ROOT, 'shell', 'dist'), shellPort, {
      ...env,
      ACCOUNT_API_URL: apiUrl,
      ...harnessRemoteUrls(ports, ['mf_catalog', 'mf_player']),
    });
    try {
      const site = `http://localhost:${shellPort}`;
      const { remotes } = (await (await fetch(`${site}/config.json`)).json()) as { remotes: Record<string, string> };
      expect(remotes).toMatchObject({
        mf_catalog: `${env.RELEASES_URL}/mf-catalog/v2/mf-manifest.json`,
        mf_player: `${env.RELEASES_URL}/mf-player/p1/mf-manifest.json`,
      });
      await page.goto(`${site}/all-games`);
      await expectCataloguePage(page, 'All Games');
      expect(await catalogGlobals(page)).toEqual([`rspackChunkmf_catalog_${V2_BUILD_ID}`]);
    } finally {
      await Promise.all([host.stop(), shell.stop()]);
    }
  });
});
