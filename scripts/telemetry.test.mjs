import assert from 'node:assert/strict';
import test from 'node:test';
import { mergeSummaries } from './telemetry.mjs';

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
