// Automatic rollback in production (decision 0047): `npm run release -- watch`, reading the
// figures from Prometheus as an operator runs it, aborts a canary of the catalogue that throws in
// the browser, with the figures in the history; within 5 s its cohort is back on the stable
// release through nginx. The catalogue team releases from its CI and the watcher aborts, each
// with only the release service's URL and a token (the watcher's: the site's), and the abort
// reaches Prometheus from the service's /metrics: CanaryAborted fires (decision 0062).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { catalogueReleases, release } from '../support/cohorts';
import { ciEnv, historyOf, publishOnce, SITE, steersReleases, tokenId, tokenOf } from '../support/release-service';
import { catalogueStatus, expectWatcherAbortEntry, throwingCatalogueBuild, watchUntilAborted } from '../support/throwing-canary';

const prometheusUrl = process.env.E2E_PROMETHEUS_URL ?? '';
const site = process.env.E2E_BASE_URL ?? '';
const BAD_BUILD_ID = 'topologythrows';
/** How long the watcher may take, from its start. */
const WITHIN_MS = 150_000;

let work = '';
const env = ciEnv('mf_catalog');

/** What Prometheus holds of a PromQL query: the first series' value, or null for none. */
async function prometheusValue(promql: string): Promise<number | null> {
  const body = (await (await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`)).json()) as {
    data: { result: { value: [number, string] }[] };
  };
  const first = body.data.result[0];
  return first ? Number(first.value[1]) : null;
}

steersReleases({
  prepare: async () => {
    test.skip(!prometheusUrl, 'run through npm run test:nginx (it starts Prometheus)');
    work = mkdtempSync(path.join(os.tmpdir(), 'portal-topology-rollback-'));
    await publishOnce('mf_catalog', 's1');
    await publishOnce('mf_catalog', 'throws', '--from', throwingCatalogueBuild(path.join(work, 'build'), BAD_BUILD_ID));
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
  // The service's count of the catalogue's aborts as Prometheus scrapes it (0 once the remote has a history).
  const aborts = 'release_actions_total{job="release-service",remote="mf_catalog",action="abort"}';
  await expect.poll(() => prometheusValue(aborts), { timeout: 10_000 }).not.toBeNull();
  const abortsBefore = (await prometheusValue(aborts)) ?? 0;

  // The watcher holds the site's token (every remote), as an operator runs it.
  const { tookMs, canaryId, log } = await watchUntilAborted(browser, {
    site,
    env: { ...ciEnv(SITE), PROMETHEUS_URL: prometheusUrl },
    withinMs: WITHIN_MS,
  });
  test.info().annotations.push({ type: 'the watcher aborted the canary after', description: `${Math.round(tookMs / 1000)} s` });
  expect(log).toContain(`telemetry from ${prometheusUrl}`);

  const abort = (await historyOf('mf_catalog')).at(-1);
  expectWatcherAbortEntry(abort, 'throws', BAD_BUILD_ID);
  // Vouched for by the site's token, the watcher's.
  expect(abort?.by).toMatch(new RegExp(`\\(token ${tokenId(tokenOf(SITE))}\\)$`));
  expect(catalogueStatus(env).live).toBe('s1');
  // The abort reaches Prometheus from the release service's /metrics, and the alert operators get fires.
  await expect.poll(() => prometheusValue(aborts), { timeout: 15_000 }).toBe(abortsBefore + 1);
  await expect
    .poll(() => prometheusValue('ALERTS{alertname="CanaryAborted",remote="mf_catalog",alertstate="firing"}'), { timeout: 15_000 })
    .toBe(1);

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
