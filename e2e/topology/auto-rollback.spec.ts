// Automatic rollback in production (decision 0047): `npm run release -- watch`, reading the
// figures from Prometheus as an operator runs it, aborts a canary of the catalogue that throws in
// the browser, with the figures in the history; within 5 s its cohort is back on the stable
// release through nginx.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { canaryId, catalogueReleases, forgetPointers, publishOnce, release } from '../support/cohorts';
import { ROOT, serveFolder } from '../support/servers';
import { expectWatcherAbort, reportingVisit, throwingCatalogueBuild } from '../support/throwing-canary';

const releasesDir = process.env.E2E_RELEASES_DIR ?? '';
const releasesPort = Number(process.env.E2E_RELEASES_PORT ?? 0);
const prometheusUrl = process.env.E2E_PROMETHEUS_URL ?? '';
const site = process.env.E2E_BASE_URL ?? '';
const env = { RELEASES_DIR: releasesDir, RELEASES_URL: `http://localhost:${releasesPort}` };
const BAD_BUILD_ID = 'topologythrows';
/** How long the watcher may take, from its start. */
const WITHIN_MS = 150_000;

let work = '';
let host: { stop: () => void } | null = null;
let watcher: ChildProcess | null = null;

test.beforeAll(async () => {
  test.skip(!releasesDir || !prometheusUrl, 'run through npm run test:nginx (releases folder, Prometheus)');
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-topology-rollback-'));
  publishOnce(env, 'mf_catalog', 's1');
  publishOnce(env, 'mf_catalog', 'throws', '--from', throwingCatalogueBuild(path.join(work, 'build'), BAD_BUILD_ID));
  host = await serveFolder(releasesDir, releasesPort);
});
test.afterAll(async () => {
  watcher?.kill('SIGTERM');
  if (releasesDir) {
    if (canaryId(env)) release(env, 'abort', 'mf_catalog');
    // The next specs see the site drawn from its config file, not from the host this spec stops.
    forgetPointers(releasesDir);
    await expect
      .poll(async () => catalogueReleases(await (await fetch(`${site}/all-games`)).text()), { timeout: 10_000 })
      .toEqual([]);
  }
  host?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const status = () =>
  JSON.parse(release(env, 'status', 'mf_catalog', '--json')) as {
    remotes: { canary: { id: string } | null; live: { version: string } | null }[];
  };

test('a canary that throws in the browser is aborted by the watcher from Prometheus, and its cohort is back on stable', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  release(env, 'point', 'mf_catalog', 's1', '--why', 'topology test');
  release(env, 'canary', 'mf_catalog', 'throws', '50', '--why', 'topology test');
  const id = canaryId(env);

  const log: string[] = [];
  watcher = spawn(process.execPath, ['scripts/release.mjs', 'watch', '--interval', '2', '--min-views', '8'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PROMETHEUS_URL: prometheusUrl },
  });
  watcher.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  watcher.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const started = Date.now();

  // Visitors of both cohorts through nginx until the watcher has judged.
  for (let i = 0; i < 30 && status().remotes[0]?.canary; i += 1) {
    await reportingVisit(browser, site, `${id}.c`);
    await reportingVisit(browser, site, `${id}.s`);
  }
  await expect
    .poll(() => status().remotes[0]?.canary ?? null, { timeout: Math.max(1_000, WITHIN_MS - (Date.now() - started)) })
    .toBeNull();
  const tookMs = Date.now() - started;
  expect(tookMs, log.join('')).toBeLessThan(WITHIN_MS);
  test.info().annotations.push({ type: 'the watcher aborted the canary after', description: `${Math.round(tookMs / 1000)} s` });
  expect(log.join('')).toContain(`telemetry from ${prometheusUrl}`);

  expectWatcherAbort(releasesDir, 'throws', BAD_BUILD_ID);
  expect(status().remotes[0]?.live?.version).toBe('s1');

  // The canary's cohort gets the stable release through nginx (and the cookie is cleared).
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${site}/all-games`, { headers: { Cookie: `portal_cohort=${id}.c` } });
        return `${catalogueReleases(await answer.text()).join('+')} ${answer.headers.get('set-cookie')?.split(';')[0] ?? ''}`;
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toBe('s1 portal_cohort=');
});
