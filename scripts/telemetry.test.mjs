import assert from 'node:assert/strict';
import test from 'node:test';
import { createServer } from 'node:http';
import { fromPrometheus, mergeSummaries } from './telemetry.mjs';

test('merges instances: counts add up, p75s weighted by samples', () => {
  const release = (views, errors, lcp, samples) => ({
    remote: 'mf_catalog',
    version: 'v2',
    pageViews: views,
    errors,
    errorRate: 0,
    lcpP75: lcp,
    inpP75: null,
    vitalsSamples: samples,
    clients: views - 5,
    clientsWithErrors: errors,
  });
  const [merged] = mergeSummaries([
    { windowMinutes: 5, releases: [release(90, 1, 1000, 30)] },
    { windowMinutes: 5, releases: [release(10, 3, 2000, 10)] },
  ]);
  assert.deepEqual(merged, {
    remote: 'mf_catalog',
    version: 'v2',
    pageViews: 100,
    errors: 4,
    errorRate: 0.04,
    lcpP75: 1250,
    inpP75: null,
    vitalsSamples: 40,
    clients: 90,
    clientsWithErrors: 4,
  });
});

test('reads Prometheus: counters by remote and build, vitals from the seconds histogram shown in ms', async (t) => {
  const asked = [];
  const sample = (value) => ({ metric: { remote: 'mf_catalog', version: 'v2' }, value: [0, String(value)] });
  const answers = [
    [/^sum by \(remote, version\) \(increase\(telemetry_page_views_total\[5m\]\)\)$/, 200],
    [/^sum by \(remote, version\) \(increase\(telemetry_client_errors_total\[5m\]\)\)$/, 4],
    [/^sum by \(remote, version\) \(telemetry_release_clients\{kind="views"\}\)$/, 150],
    [/^sum by \(remote, version\) \(telemetry_release_clients\{kind="errors"\}\)$/, 3],
    [/^sum by \(remote, version\) \(increase\(telemetry_web_vital_seconds_count\[5m\]\)\)$/, 30],
    [/telemetry_web_vital_seconds_bucket\{name="LCP"\}\[5m\]/, 1.25],
    [/telemetry_web_vital_seconds_bucket\{name="INP"\}\[5m\]/, 0.12],
  ];
  const server = createServer((request, response) => {
    const query = new URL(request.url, 'http://x').searchParams.get('query');
    asked.push(query);
    const found = answers.find(([pattern]) => pattern.test(query));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: found ? [sample(found[1])] : [] } }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const rows = await fromPrometheus(`http://127.0.0.1:${server.address().port}`, 5);
  assert.equal(asked.length, 7);
  assert.deepEqual(rows, [
    {
      remote: 'mf_catalog',
      version: 'v2',
      pageViews: 200,
      errors: 4,
      errorRate: 0.02,
      lcpP75: 1250,
      inpP75: 120,
      vitalsSamples: 30,
      clients: 150,
      clientsWithErrors: 3,
    },
  ]);
});
