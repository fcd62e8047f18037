// The canary watcher's rule, and `release watch --once` against a stand-in of the page service's
// telemetry summary (GET /__telemetry/summary?minutes=N, the shape agreed with the collector).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { canary, point, publish } from '../release.mjs';
import { judge, mergeSummaries, RULE } from './canary-watch.mjs';
import { readHistory, readState } from './pointer-store.mjs';

const row = (version, pageViews, errors, vitals = {}) => ({
  remote: 'mf_catalog',
  version,
  pageViews,
  errors,
  errorRate: pageViews ? errors / pageViews : 0,
  lcpP75: null,
  inpP75: null,
  vitalsSamples: 0,
  ...vitals,
});

test('no verdict before the minimum sample', () => {
  assert.equal(judge(row('c', RULE.minViews - 1, 90), row('s', 5000, 0)).verdict, 'wait');
  assert.equal(judge(undefined, row('s', 5000, 0)).verdict, 'wait');
});

test('errors: clearly worse is aborted, noise and small gaps are not', () => {
  assert.equal(judge(row('c', 200, 40), row('s', 2000, 20)).verdict, 'worse'); // 20 % vs 1 %
  assert.match(judge(row('c', 200, 40), row('s', 2000, 20)).reason, /canary error rate 20.0 % vs stable 1.0 %/);
  assert.equal(judge(row('c', 200, 3), row('s', 2000, 20)).verdict, 'ok'); // 1.5 % vs 1 %: noise
  assert.equal(judge(row('c', 5000, 60), row('s', 50000, 500)).verdict, 'ok'); // 1.2 % vs 1 %: below the gap
  // Stable without enough views: an absolute bar.
  assert.equal(judge(row('c', 150, 10), row('s', 20, 0)).verdict, 'worse');
  assert.equal(judge(row('c', 150, 5), row('s', 20, 0)).verdict, 'ok');
});

test('vitals: a clearly slower LCP or INP p75 is aborted, with enough samples on both sides', () => {
  const slow = row('c', 300, 0, { lcpP75: 3600, inpP75: 120, vitalsSamples: 80 });
  const stable = row('s', 3000, 0, { lcpP75: 2500, inpP75: 110, vitalsSamples: 900 });
  assert.match(judge(slow, stable).reason, /canary LCP p75 3600 ms vs stable 2500 ms/);
  assert.equal(judge({ ...slow, vitalsSamples: 20 }, stable).verdict, 'ok');
  assert.equal(judge({ ...slow, lcpP75: 2650 }, stable).verdict, 'ok'); // 6 %: within bounds
  assert.match(judge({ ...slow, lcpP75: 2500, inpP75: 400 }, stable).reason, /INP p75 400 ms/);
});

test('two page services’ summaries add up', () => {
  const merged = mergeSummaries([
    { windowMinutes: 10, releases: [row('c', 100, 10, { lcpP75: 1000, vitalsSamples: 10 })] },
    { windowMinutes: 10, releases: [row('c', 100, 30, { lcpP75: 2000, vitalsSamples: 30 })] },
  ]);
  assert.equal(merged.length, 1);
  assert.equal(merged[0].pageViews, 200);
  assert.equal(merged[0].errors, 40);
  assert.equal(merged[0].errorRate, 0.2);
  assert.equal(merged[0].lcpP75, 1750);
  assert.equal(merged[0].vitalsSamples, 40);
});

let work;
let server;
let summary = { windowMinutes: 10, releases: [] };
const asked = [];
before(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'release-watch-'));
  server = createServer((req, res) => {
    asked.push(req.url);
    if (!req.url.startsWith('/__telemetry/summary')) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(summary));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
});
after(() => {
  server.close();
  rmSync(work, { recursive: true, force: true });
});

test('`release watch --once` aborts a canary that does worse, and the history says why', async () => {
  const env = { ...process.env, RELEASES_DIR: path.join(work, 'releases'), RELEASES_URL: 'http://cdn.test' };
  for (const [version, build] of [
    ['v1', '1.0.0+good'],
    ['v2', '1.0.0+throws'],
  ]) {
    const dir = path.join(work, version);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: build } } }));
    await publish('mf-catalog', version, { env, from: dir });
  }
  await point('mf-catalog', 'v1', { env });
  await canary('mf-catalog', 'v2', 20, { env });
  const telemetry = `http://127.0.0.1:${server.address().port}`;
  // Asynchronous: the stand-in server answers from this process.
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'release.mjs');
  const watch = () =>
    new Promise((resolve) =>
      execFile(
        process.execPath,
        [script, 'watch', '--once', '--minutes', '5', '--telemetry', telemetry],
        { env },
        (error, stdout, stderr) => resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
      ),
    );

  // Too few views yet: left running.
  summary = { windowMinutes: 5, releases: [row('1.0.0+good', 400, 2), row('1.0.0+throws', 60, 60)] };
  let run = await watch();
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /mf_catalog canary v2: wait — 60 canary page views, waiting for 100/);
  assert.equal(readState(env.RELEASES_DIR).remotes.mf_catalog.canary.version, 'v2');
  assert.equal(asked.at(-1), '/__telemetry/summary?minutes=5');

  // Every canary page view throws: aborted, with the reason in the history.
  summary = { windowMinutes: 5, releases: [row('1.0.0+good', 800, 4), row('1.0.0+throws', 150, 150)] };
  run = await watch();
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /mf_catalog canary v2 aborted/);
  const state = readState(env.RELEASES_DIR);
  assert.equal(state.remotes.mf_catalog.canary, null);
  assert.equal(state.remotes.mf_catalog.version, 'v1');
  const last = readHistory(env.RELEASES_DIR).at(-1);
  assert.equal(last.action, 'auto-abort');
  assert.equal(last.by, 'release-watch');
  assert.match(last.why, /^automatic: canary error rate 100.0 % vs stable 0.5 % \(150 \/ 800 views, z = .*\) in the last 5 min$/);
  assert.deepEqual(last.before, { live: 'v1', canary: { version: 'v2', share: 20 } });
  assert.deepEqual(last.after, { live: 'v1', canary: null });
});
