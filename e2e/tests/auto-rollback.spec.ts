import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { harnessRemoteUrls, ROOT, run, serveFolder, servePages } from '../support/servers';
import { expectWatcherAbort, reportingVisit, throwingCatalogueBuild } from '../support/throwing-canary';

// Automatic rollback (decision 0047): a canary of the catalogue whose build throws in the browser
// is aborted by `npm run release -- watch` from the page service's telemetry, with the figures in
// the history, and its cohort gets the stable release again.
const BAD_BUILD_ID = 'e2ethrows';
/** How long the watcher may take, from the first page view of the canary. */
const WITHIN_MS = 120_000;

let work: string;
let watcher: ChildProcess | null = null;

test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-auto-rollback-'));
});
test.afterAll(() => {
  watcher?.kill('SIGTERM');
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
  run(process.execPath, ['scripts/release.mjs', 'publish', 'mf_catalog', 'v1'], { env });
  run(process.execPath, ['scripts/release.mjs', 'point', 'mf_catalog', 'v1'], { env });
  run(
    process.execPath,
    [
      'scripts/release.mjs',
      'publish',
      'mf_catalog',
      'throws',
      '--from',
      throwingCatalogueBuild(path.join(work, 'catalog-throws'), BAD_BUILD_ID),
    ],
    { env },
  );
  run(process.execPath, ['scripts/release.mjs', 'canary', 'mf_catalog', 'throws', '50', '--why', 'e2e'], { env });
  const status = () =>
    JSON.parse(run(process.execPath, ['scripts/release.mjs', 'status', 'mf_catalog', '--json'], { env })) as {
      remotes: { canary: { id: string } | null; live: { version: string } }[];
    };
  const canaryId = status().remotes[0]!.canary!.id;

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
    const log: string[] = [];
    watcher = spawn(
      process.execPath,
      ['scripts/release.mjs', 'watch', '--interval', '2', '--telemetry', site, '--min-views', '8'],
      { cwd: ROOT, env: { ...process.env, ...env } },
    );
    watcher.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    watcher.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const started = Date.now();

    // Visitors of both cohorts until the watcher has judged (each visit takes a few seconds).
    for (let i = 0; i < 30 && status().remotes[0]!.canary; i += 1) {
      await reportingVisit(browser, site, `${canaryId}.c`);
      await reportingVisit(browser, site, `${canaryId}.s`);
    }
    await expect
      .poll(() => status().remotes[0]!.canary, { timeout: Math.max(1_000, WITHIN_MS - (Date.now() - started)) })
      .toBeNull();
    const tookMs = Date.now() - started;
    expect(tookMs, log.join('')).toBeLessThan(WITHIN_MS);
    console.log(`auto-rollback: the canary was aborted ${Math.round(tookMs / 1000)} s after the watcher started`);

    expectWatcherAbort(releases, 'throws', BAD_BUILD_ID);
    expect(status().remotes[0]!.live.version).toBe('v1');

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
    watcher?.kill('SIGTERM');
    watcher = null;
    host.stop();
    shell.stop();
  }
});
