import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { release } from '../support/cohorts';
import { harnessRemoteUrls, ROOT, serveFolder, servePages } from '../support/servers';
import { catalogueStatus, expectWatcherAbort, throwingCatalogueBuild, watchUntilAborted } from '../support/throwing-canary';

// Automatic rollback (decision 0047): a canary of the catalogue whose build throws in the browser
// is aborted by `npm run release -- watch` from the page service's telemetry, with the figures in
// the history, and its cohort gets the stable release again.
const BAD_BUILD_ID = 'e2ethrows';
/** How long the watcher may take, from its start. */
const WITHIN_MS = 120_000;

let work: string;

test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-auto-rollback-'));
});
test.afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

test('a canary that throws in the browser is aborted by the watcher, with the figures in the history', async ({
  browser,
  page,
  ports,
  apiUrl,
}) => {
  test.setTimeout(300_000);
  const releases = path.join(work, 'releases');
  const releasesPort = ports.api + 93;
  const shellPort = ports.api + 94;
  const env = { RELEASES_DIR: releases, RELEASES_URL: `http://localhost:${releasesPort}` };
  release(env, 'publish', 'mf_catalog', 'v1');
  release(env, 'point', 'mf_catalog', 'v1');
  release(
    env,
    'publish',
    'mf_catalog',
    'throws',
    '--from',
    throwingCatalogueBuild(path.join(work, 'catalog-throws'), BAD_BUILD_ID),
  );
  release(env, 'canary', 'mf_catalog', 'throws', '50', '--why', 'e2e');

  const host = await serveFolder(releases, releasesPort);
  const shell = await servePages(path.join(ROOT, 'shell', 'dist'), shellPort, {
    ...env,
    ACCOUNT_API_URL: apiUrl,
    ...harnessRemoteUrls(ports, ['mf_catalog']),
    // Every beacon of this one test browser is counted (they all come from one address).
    TELEMETRY_BEACON_BURST: '10000',
    TELEMETRY_BEACONS_PER_SECOND: '1000',
  });
  const site = `http://localhost:${shellPort}`;
  try {
    const { tookMs, canaryId } = await watchUntilAborted(browser, {
      site,
      env,
      watchArgs: ['--telemetry', site],
      withinMs: WITHIN_MS,
    });
    console.log(`auto-rollback: the canary was aborted ${Math.round(tookMs / 1000)} s after the watcher started`);

    expectWatcherAbort(releases, 'throws', BAD_BUILD_ID);
    expect(catalogueStatus(env).live).toBe('v1');

    // The canary's cohort is on the stable release again: nothing from the throwing build.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.context().addCookies([{ name: 'portal_cohort', value: `${canaryId}.c`, url: site }]);
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.goto(`${site}/`);
    await expect(page.locator('main a[href^="/game/"]').first()).toBeVisible();
    expect(loaded.filter((url) => url.includes('/mf-catalog/throws/'))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([host.stop(), shell.stop()]);
  }
});
