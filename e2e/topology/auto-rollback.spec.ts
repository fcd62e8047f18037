// Automatic rollback in production (decision 0047): `npm run release -- watch`, reading the
// figures from Prometheus as an operator runs it, aborts a canary of the catalogue that throws in
// the browser, with the figures in the history; within 5 s its cohort is back on the stable
// release through nginx.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { catalogueReleases, publishOnce, release } from '../support/cohorts';
import { releasesEnv as env, servesReleases } from '../support/releases-host';
import { catalogueStatus, expectWatcherAbort, throwingCatalogueBuild, watchUntilAborted } from '../support/throwing-canary';

const prometheusUrl = process.env.E2E_PROMETHEUS_URL ?? '';
const site = process.env.E2E_BASE_URL ?? '';
const BAD_BUILD_ID = 'topologythrows';
/** How long the watcher may take, from its start. */
const WITHIN_MS = 150_000;

let work = '';

servesReleases({
  prepare: () => {
    test.skip(!prometheusUrl, 'run through npm run test:nginx (it starts Prometheus)');
    work = mkdtempSync(path.join(os.tmpdir(), 'portal-topology-rollback-'));
    publishOnce(env, 'mf_catalog', 's1');
    publishOnce(env, 'mf_catalog', 'throws', '--from', throwingCatalogueBuild(path.join(work, 'build'), BAD_BUILD_ID));
  },
  restore: () => {
    if (work) rmSync(work, { recursive: true, force: true });
  },
});

test('a canary that throws in the browser is aborted by the watcher from Prometheus, and its cohort is back on stable', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  release(env, 'point', 'mf_catalog', 's1', '--why', 'topology test');
  release(env, 'canary', 'mf_catalog', 'throws', '50', '--why', 'topology test');

  const { tookMs, canaryId, log } = await watchUntilAborted(browser, {
    site,
    env: { ...env, PROMETHEUS_URL: prometheusUrl },
    withinMs: WITHIN_MS,
  });
  test.info().annotations.push({ type: 'the watcher aborted the canary after', description: `${Math.round(tookMs / 1000)} s` });
  expect(log).toContain(`telemetry from ${prometheusUrl}`);

  expectWatcherAbort(env.RELEASES_DIR, 'throws', BAD_BUILD_ID);
  expect(catalogueStatus(env).live).toBe('s1');

  // The canary's cohort gets the stable release through nginx (and the cookie is cleared).
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${site}/all-games`, { headers: { Cookie: `portal_cohort=${canaryId}.c` } });
        return `${catalogueReleases(await answer.text()).join('+')} ${answer.headers.get('set-cookie')?.split(';')[0] ?? ''}`;
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toBe('s1 portal_cohort=');
});
