import { expect, test } from '@playwright/test';
import { API_PATHS } from '@portal/shared-contracts/account';
import { TELEMETRY_PATH } from '@portal/shared-contracts/telemetry';

// Observability in the production topology: Prometheus (scripts/topology/prometheus.mjs) scrapes
// every API instance and page service; these checks read its HTTP API. The page services run with
// the telemetry test switch on (TELEMETRY_TEST_SWITCH=1, or telemetry.testSwitch in config.json),
// which production never sets.

const prometheusUrl = process.env.E2E_PROMETHEUS_URL ?? '';
const apiUrl = (process.env.E2E_API_URL ?? '').replace(/\/$/, '');

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(promql: string): Promise<Sample[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status).toBe('success');
  return body.data.result;
}

/** The single value of a sum() query (0 when there is no series yet). */
const total = async (promql: string) => Number((await query(promql))[0]?.value[1] ?? 0);

test.beforeAll(() => {
  expect(prometheusUrl, 'E2E_PROMETHEUS_URL').not.toBe('');
  expect(apiUrl, 'E2E_API_URL').not.toBe('');
});

test('every scraped target is up', async () => {
  await expect
    .poll(
      async () => {
        const up = await query('up');
        return up.length > 0 && up.every((sample) => sample.value[1] === '1');
      },
      // The sender loads 10 s after start-up, when the browser is idle.
      { timeout: 30_000 },
    )
    .toBe(true);
});

test("a request through nginx shows in the API's counter with its route label, and keeps its request id", async ({ request }) => {
  const series = `sum(http_requests_total{route="${API_PATHS.userInfo}",method="POST",status="401"})`;
  const before = await total(series);
  const response = await request.post(`${apiUrl}${API_PATHS.userInfo}`, { headers: { 'x-request-id': 'e2e-observability-1' } });
  expect(response.status()).toBe(401);
  expect(response.headers()['x-request-id']).toBe('e2e-observability-1');
  await expect.poll(() => total(series), { timeout: 20_000 }).toBeGreaterThan(before);
});

test("an error thrown on purpose in a remote counts as that remote's error for its build id", async ({ page, request }) => {
  test.setTimeout(90_000);
  const config = (await (await request.get('/config.json')).json()) as {
    remotes: { mf_catalog: string };
    telemetry?: { testSwitch?: boolean };
  };
  expect(config.telemetry?.testSwitch, 'the page service runs with TELEMETRY_TEST_SWITCH=1').toBe(true);
  const manifest = (await (await request.get(config.remotes.mf_catalog)).json()) as {
    metaData: { buildInfo: { buildVersion: string } };
  };
  const build = manifest.metaData.buildInfo.buildVersion;
  const series = `sum(telemetry_client_errors_total{remote="mf_catalog",version="${build}",kind="load"})`;
  const before = await total(series);

  // Every page the suite's browsers open reports from loopback, so loopback's allowance (a burst,
  // then a report a second per address and page service) is shared with whatever else reports in
  // the topology: this report, refused with 429, was never counted. This page's reports come from
  // a player's own address, as behind any proxy (the harness's nginx takes X-Forwarded-For from
  // loopback); only the beacons carry it (a header on the remotes' cross-origin files would need
  // a CORS preflight they do not answer).
  await page.route(`**${TELEMETRY_PATH}`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '198.18.42.1' } }),
  );
  await page.goto('/?__telemetry_test=mf_catalog');
  await expect(page.locator('main a[href^="/game/"]').first()).toBeVisible();
  const beacons: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith(TELEMETRY_PATH) && sent.method() === 'POST') beacons.push(sent.postData() ?? '');
  });
  // The sender loads when the browser is idle, then asks the catalogue for a module it lacks.
  // Leaving the page sends what it noticed: its pagehide listener, fired as the browser does.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
        return beacons.some((body) => body.includes('"part":"mf_catalog"') && body.includes('"kind":"load"'));
      },
      // The sender loads 10 s after start-up, when the browser is idle.
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect
    .poll(() => total(series), { timeout: 20_000 })
    .toBeGreaterThan(before)
    .catch(async (error: unknown) => {
      // What was counted, and what refused, say why it was not (a wrong label, a refused report).
      const counted = await query('sum by (remote, version, kind) (telemetry_client_errors_total)');
      const refused = await query('sum by (reason, instance) (telemetry_beacons_refused_total)');
      const show = (samples: Sample[]) => samples.map((s) => `${JSON.stringify(s.metric)} ${s.value[1]}`).join('; ');
      throw new Error(
        `${(error as Error).message}\nbuild ${build}; beacons ${JSON.stringify(beacons)}\ncounted: ${show(counted)}\nrefused: ${show(refused)}`,
      );
    });
});
