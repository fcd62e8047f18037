// The automatic rollback's rule (canary-watch.mjs): when it waits, when a canary is worse by its
// errors or its vitals, and that one look aborts only the canary judged worse, with the figures.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkOnce, judge, RULE, twoProportionZ } from './canary-watch.mjs';

// The watcher counts distinct clients: here every view is one client's, every error another's.
const row = (version, pageViews, errors, vitals = {}) => ({
  remote: 'mf_catalog',
  version,
  pageViews,
  errors,
  clients: pageViews,
  clientsWithErrors: Math.min(errors, pageViews),
  lcpP75: null,
  inpP75: null,
  vitalsSamples: 0,
  ...vitals,
});

test('two-proportion z: the textbook figure, and none when both rates are equal', () => {
  // 30/1000 vs 10/1000: pooled 0.02, se = sqrt(0.02 × 0.98 × 0.002) = 0.00626, z = 0.02 / 0.00626
  assert.equal(twoProportionZ(30, 1000, 10, 1000).toFixed(2), '3.19');
  assert.equal(twoProportionZ(5, 500, 10, 1000), 0);
  assert.equal(twoProportionZ(0, 100, 0, 100), 0);
  assert.equal(twoProportionZ(3, 100, 0, 100) > 0, true);
});

test('nothing is judged before the canary has its minimum of clients', () => {
  const verdict = judge(row('c', RULE.minViews - 1, RULE.minViews - 1), row('s', 5000, 0));
  assert.equal(verdict.verdict, 'wait');
  assert.match(verdict.reason, /99 canary clients, judging from 100/);
  assert.equal(judge(null, row('s', 5000, 0)).verdict, 'wait');
});

test('errors: worse when the gap is significant and at least a point, not when it is noise or tiny', () => {
  // 30 vs 10 errors in 1000 views each: z 3.19 ≥ 3.09, 2 points apart.
  const worse = judge(row('c', 1000, 30), row('s', 1000, 10));
  assert.equal(worse.verdict, 'worse');
  assert.match(worse.reason, /canary error rate 3\.0 % vs stable 1\.0 % over 1000 \/ 1000 clients \(z = 3\.2/);
  assert.deepEqual(worse.canary, {
    build: 'c',
    pageViews: 1000,
    errors: 30,
    clients: 1000,
    clientsWithErrors: 30,
    errorRate: 0.03,
    lcpP75: null,
    inpP75: null,
    vitalsSamples: 0,
  });
  assert.equal(worse.stable.errorRate, 0.01);
  // 4 vs 1 in 100 each: 3 points but z ≈ 1.4, which chance gives often.
  assert.equal(judge(row('c', 100, 4), row('s', 100, 1)).verdict, 'ok');
  // Significant (huge samples) but under a point: not worth a rollback.
  assert.equal(judge(row('c', 1_000_000, 15_000), row('s', 1_000_000, 10_000)).verdict, 'ok');
  // Better than stable is never worse.
  assert.equal(judge(row('c', 1000, 0), row('s', 1000, 50)).verdict, 'ok');
});

test('a canary throwing on every page is worse even on a small sample', () => {
  const verdict = judge(row('c', 100, 100), row('s', 100, 0));
  assert.equal(verdict.verdict, 'worse');
  assert.match(verdict.reason, /100\.0 % vs stable 0\.0 %/);
});

test('one client’s flood is one client: 400 views and 400 errors from one address decide nothing', () => {
  // The review's figures: 20 beacons of 40 events from one address, with a canary cohort cookie.
  const flood = { ...row('c', 400, 400), clients: 1, clientsWithErrors: 1 };
  const verdict = judge(flood, row('s', 5000, 0));
  assert.equal(verdict.verdict, 'wait');
  assert.match(verdict.reason, /^1 canary clients, judging from 100/);
  // Beside 150 real clients with no errors (none on stable either), still within bounds: 1 of 151.
  const real = { ...row('c', 150 + 400, 400), clients: 151, clientsWithErrors: 1 };
  assert.equal(judge(real, row('s', 5000, 0)).verdict, 'ok');
  assert.equal(judge(real, null).verdict, 'ok');
  // Flooding views hides nothing: a canary failing for 30 of 120 clients stays worse.
  const hidden = { ...row('c', 120 + 10_000, 30), clients: 121, clientsWithErrors: 30 };
  assert.equal(judge(hidden, row('s', 5000, 0)).verdict, 'worse');
});

test('a source without distinct-client figures is never judged', () => {
  const events = { ...row('c', 400, 400), clients: undefined, clientsWithErrors: undefined };
  assert.equal(judge(events, null).verdict, 'wait');
});

test('errors beyond one per page view count as a rate of 1, not more', () => {
  assert.equal(judge(row('c', 100, 400), row('s', 100, 0)).canary.errorRate, 1);
});

test('without enough stable views to compare with: worse only from the lonely rate', () => {
  assert.equal(judge(row('c', 200, 10), row('s', 20, 0)).verdict, 'worse'); // 5 %
  assert.equal(judge(row('c', 200, 9), null).verdict, 'ok'); // 4.5 %
  assert.match(judge(row('c', 200, 10), null).reason, /stable has 0 clients/);
});

test('vitals: LCP or INP p75 worse by the ratio and the gap, with enough samples on both sides', () => {
  const vitals = (lcpP75, inpP75, vitalsSamples = RULE.minVitals) => ({ lcpP75, inpP75, vitalsSamples });
  const stable = row('s', 1000, 0, vitals(2000, 100));
  assert.equal(judge(row('c', 1000, 0, vitals(2500, 100)), stable).verdict, 'worse'); // 1.25×, +500 ms
  assert.match(judge(row('c', 1000, 0, vitals(2500, 100)), stable).reason, /LCP p75 2500 ms vs stable 2000 ms .*25 %/);
  assert.equal(judge(row('c', 1000, 0, vitals(2300, 100)), stable).verdict, 'ok'); // 1.15×
  assert.equal(judge(row('c', 1000, 0, vitals(2000, 160)), stable).verdict, 'worse'); // INP 1.6×, +60 ms
  assert.equal(judge(row('c', 1000, 0, vitals(2000, 140)), stable).verdict, 'ok'); // INP +40 ms: under the gap
  // The same figures on too few samples are not judged.
  assert.equal(judge(row('c', 1000, 0, vitals(4000, 100, RULE.minVitals - 1)), stable).verdict, 'ok');
});

test('one look: judges each running canary by its build id and aborts only the one worse, with its figures', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'canary-watch-'));
  try {
    for (const [folder, version, build] of [
      ['mf-catalog', 'v1', 'cat-1'],
      ['mf-catalog', 'v2', 'cat-2'],
      ['mf-player', 'v1', 'play-1'],
      ['mf-player', 'v2', 'play-2'],
    ]) {
      mkdirSync(path.join(dir, folder, version), { recursive: true });
      writeFileSync(
        path.join(dir, folder, version, 'mf-manifest.json'),
        JSON.stringify({ metaData: { buildInfo: { buildVersion: build } } }),
      );
    }
    const now = Date.parse('2026-11-24T20:00:00Z');
    const since = new Date(now - 3.5 * 60_000).toISOString();
    const canaries = () => [
      {
        remote: 'mf_catalog',
        folder: 'mf-catalog',
        canary: { version: 'v2', url: 'x', since, id: 'a' },
        stable: { version: 'v1' },
      },
      {
        remote: 'mf_player',
        folder: 'mf-player',
        canary: { version: 'v2', url: 'x', since, id: 'b' },
        stable: { version: 'v1' },
      },
    ];
    const rows = [
      row('cat-1', 900, 1),
      row('cat-2', 120, 60),
      { ...row('play-1', 900, 1), remote: 'mf_player' },
      { ...row('play-2', 120, 0), remote: 'mf_player' },
    ];
    const windows = [];
    const aborted = [];
    const results = await checkOnce({
      canaries,
      telemetry: async (minutes) => (windows.push(minutes), rows),
      abort: async (remote, canary, verdict) => aborted.push({ remote, id: canary.id, verdict }),
      log: () => undefined,
      releasesDir: dir,
      now,
    });
    assert.deepEqual(windows, [4]); // the minutes since the canary started, rounded up
    assert.deepEqual(
      results.map((r) => `${r.remote} ${r.verdict}`),
      ['mf_catalog worse', 'mf_player ok'],
    );
    assert.equal(aborted.length, 1);
    assert.equal(aborted[0].remote, 'mf_catalog');
    assert.equal(aborted[0].id, 'a');
    assert.equal(aborted[0].verdict.canary.errors, 60);
    assert.equal(aborted[0].verdict.stable.build, 'cat-1');
    assert.equal(aborted[0].verdict.minutes, 4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('one look without telemetry judges nothing and aborts nothing', async () => {
  const aborted = [];
  const results = await checkOnce({
    canaries: () => [
      { remote: 'mf_catalog', folder: 'mf-catalog', canary: { version: 'v2', since: new Date().toISOString() }, stable: null },
    ],
    telemetry: async () => null,
    abort: async () => aborted.push(1),
    log: () => undefined,
  });
  assert.deepEqual(results, [{ remote: 'mf_catalog', verdict: 'wait', reason: 'no telemetry answered' }]);
  assert.equal(aborted.length, 0);
});

test('`release watch --once`: a canary worse than stable is aborted by a pointer transaction whose history line has the figures', async () => {
  const { createServer } = await import('node:http');
  const { canary, main, point, publish } = await import('../release.mjs');
  const { readHistory, readState } = await import('./pointer-store.mjs');
  const work = mkdtempSync(path.join(os.tmpdir(), 'canary-watch-cli-'));
  const builds = (name) => {
    const folder = path.join(work, 'builds', name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'mf-manifest.json'),
      JSON.stringify({ metaData: { buildInfo: { buildVersion: `build-${name}` } } }),
    );
    return folder;
  };
  const env = { RELEASES_DIR: path.join(work, 'releases'), RELEASES_URL: 'http://cdn.test', RELEASE_BY: 'ana' };
  // What the canary build's clients report: the abort line must carry these figures as they came.
  const canaryFigures = {
    pageViews: 30,
    errors: 30,
    clients: 30,
    clientsWithErrors: 30,
    errorRate: 1,
    lcpP75: null,
    inpP75: null,
    vitalsSamples: 0,
  };
  const summary = {
    windowMinutes: 1,
    releases: [
      {
        remote: 'mf_catalog',
        version: 'build-v1',
        pageViews: 40,
        errors: 0,
        clients: 40,
        clientsWithErrors: 0,
        errorRate: 0,
        lcpP75: null,
        inpP75: null,
        vitalsSamples: 0,
      },
      { remote: 'mf_catalog', version: 'build-v2', ...canaryFigures },
    ],
  };
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url.startsWith('/__telemetry/summary?minutes=') ? summary : {}));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const telemetry = `http://127.0.0.1:${server.address().port}`;
  try {
    for (const v of ['v1', 'v2']) await publish('mf-catalog', v, { env, from: builds(v) });
    await point('mf-catalog', 'v1', { env });
    await canary('mf-catalog', 'v2', '20', { env });
    // Below the minimum of clients: nothing happens.
    await main(['watch', '--once', '--telemetry', telemetry], env);
    assert.ok(readState(env.RELEASES_DIR).remotes.mf_catalog.canary);
    await main(['watch', '--once', '--telemetry', telemetry, '--min-views', '20'], env);
    assert.equal(readState(env.RELEASES_DIR).remotes.mf_catalog.canary, undefined);
    const line = readHistory(env.RELEASES_DIR).at(-1);
    assert.equal(line.action, 'abort');
    assert.equal(line.release, 'v2');
    assert.match(line.by, /^release watch@/);
    assert.match(
      line.why,
      /^automatic: canary error rate 100\.0 % vs stable 0\.0 % over 30 \/ 40 clients \(z = .*\) in the last 1 min$/,
    );
    assert.deepEqual(line.watch.canary, { build: 'build-v2', ...canaryFigures });
    assert.equal(line.watch.stable.pageViews, 40);
    assert.equal(line.watch.rule.minViews, 20);
    assert.equal(line.before, 'v1');
    assert.equal(line.after, 'v1');
  } finally {
    server.close();
    rmSync(work, { recursive: true, force: true });
  }
});

test('the watcher aborts only the canary it judged: one started again since is left running', async () => {
  const { abort, canary, point, publish } = await import('../release.mjs');
  const work = mkdtempSync(path.join(os.tmpdir(), 'canary-watch-guard-'));
  const env = { RELEASES_DIR: path.join(work, 'releases'), RELEASES_URL: 'http://cdn.test' };
  try {
    for (const v of ['v1', 'v2']) {
      const folder = path.join(work, 'builds', v);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'mf-manifest.json'), '{}');
      await publish('mf-catalog', v, { env, from: folder });
    }
    await point('mf-catalog', 'v1', { env });
    const judged = (await canary('mf-catalog', 'v2', '10', { env })).canary;
    await abort('mf-catalog', { env });
    await canary('mf-catalog', 'v2', '10', { env });
    await assert.rejects(abort('mf-catalog', { env, canaryId: judged.id }), /not the one judged: left running/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
