import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { TELEMETRY_PATH } from '@portal/shared-contracts/telemetry';

// The operators' view in the production topology: the topology's Prometheus (scripts/topology/
// prometheus.mjs) loads deploy/prometheus/alerts.yml and evaluates every rule without error, and
// every query of deploy/grafana-dashboard.json returns a series there, so a renamed metric cannot
// leave a panel empty.

const prometheusUrl = process.env.E2E_PROMETHEUS_URL ?? '';
const pageServices = JSON.parse(process.env.E2E_PAGE_SERVICES ?? '[]') as string[];
const ROOT = path.resolve(__dirname, '..', '..');

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function api<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${prometheusUrl}${pathAndQuery}`);
  const body = (await response.json()) as { status: string; data: T; error?: string };
  expect(body.status, body.error).toBe('success');
  return body.data;
}
const query = async (promql: string) =>
  (await api<{ result: Sample[] }>(`/api/v1/query?query=${encodeURIComponent(promql)}`)).result;

const hasValue = (result: Sample[]) => result.some((sample) => Number.isFinite(Number(sample.value[1])));

/** Every PromQL query of the dashboard, its variables filled in as "All" does. */
function dashboardQueries(): string[] {
  const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'deploy', 'grafana-dashboard.json'), 'utf8')) as {
    templating: { list: { type: string; query?: string }[] };
    panels: { targets?: { expr: string }[] }[];
  };
  const all = (promql: string) => promql.replaceAll('$remote', '.*');
  const variables = dashboard.templating.list
    .filter((variable) => variable.type === 'query' && variable.query)
    // label_values(metric, label) is Grafana's; the series it lists are the metric's.
    .map((variable) => variable.query!.replace(/^label_values\((.+), (\w+)\)$/, 'group by ($2) ($1)'));
  return [...variables, ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => all(target.expr)))];
}

test.beforeAll(() => {
  expect(prometheusUrl, 'E2E_PROMETHEUS_URL').not.toBe('');
  expect(pageServices.length, 'E2E_PAGE_SERVICES').toBeGreaterThan(0);
});

test('the alert rules are loaded, and each has been evaluated without error', async () => {
  const names = [...readFileSync(path.join(ROOT, 'deploy', 'prometheus', 'alerts.yml'), 'utf8').matchAll(/- alert: (\w+)/g)].map(
    (match) => match[1],
  );
  expect(names.length).toBeGreaterThanOrEqual(10);
  await expect
    .poll(
      async () => {
        const { groups } = await api<{ groups: { rules: { name: string; health: string; lastError?: string }[] }[] }>(
          '/api/v1/rules?type=alert',
        );
        return groups
          .flatMap((group) => group.rules)
          .map((rule) => `${rule.name} ${rule.health}${rule.lastError ? ` ${rule.lastError}` : ''}`)
          .sort();
      },
      { timeout: 20_000 },
    )
    .toEqual(names.map((name) => `${name} ok`).sort());
});

test('every query of the Grafana dashboard returns a series with a value', async ({ page }) => {
  test.setTimeout(90_000);
  // Traffic each panel needs, made again each second while a query still has nothing: a page
  // from each page service (kept, so a hit) and reports as the shell sends them. A rate needs two
  // scrapes of one series that grew, and nginx sends each beacon to either page service.
  const pages = async () => {
    for (const base of pageServices)
      expect((await fetch(`${base}/all-games`, { headers: { accept: 'text/html' } })).status).toBe(200);
  };
  await page.goto('/');
  // One client's vitals count once per name and minute (decision 0047), and a rate needs a series
  // that grew between two scrapes: so each report comes from a client of its own, named as a
  // proxy in front would name it (the harness's nginx takes X-Forwarded-For from loopback).
  let client = 0;
  const report = async () => {
    client += 1;
    const events = [
      { type: 'view', part: 'mf_catalog', build: '' },
      { type: 'error', part: 'mf_catalog', build: '', kind: 'render', message: 'Error: dashboard test' },
      { type: 'vital', part: 'mf_catalog', build: '', name: 'LCP', value: 1200 },
      { type: 'vital', part: 'mf_catalog', build: '', name: 'INP', value: 80 },
    ];
    const response = await page.request.post(TELEMETRY_PATH, {
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'X-Forwarded-For': `198.19.${Math.floor(client / 250)}.${client % 250}`,
      },
      data: JSON.stringify({ route: '/all-games', events }),
    });
    return response.status();
  };
  const queries = dashboardQueries();
  expect(queries.length).toBeGreaterThanOrEqual(10);
  await expect
    .poll(
      async () => {
        const empty: string[] = [];
        for (const promql of queries) if (!hasValue(await query(promql))) empty.push(promql);
        if (empty.length > 0) {
          await pages();
          expect(await report()).toBe(204);
        }
        return empty;
      },
      { timeout: 45_000, intervals: [1_000], message: 'dashboard queries with no series (or only NaN)' },
    )
    .toEqual([]);
});
