// The release service (decision 0062) as a remote team's CI meets it: `npm run release` with only
// RELEASE_API_URL and RELEASE_TOKEN. Publish (immutable), point, canary, abort by the watcher,
// per-remote tokens (403 recorded, revocation), compare-and-swap under concurrent changes, and the
// ETag poll the page services make. Each test has its own SQLite database and files folder; the
// store is account-api's code, bundled here as `npm run build -w account-api` bundles it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { main } from '../release.mjs';
import { loadReleaseMetrics, loadReleaseStore, startReleaseService } from './release-service.mjs';
import { bundleApiModule } from './testing/api-bundle.mjs';
import { writeRemoteBuild } from './testing/remote-build.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'release.mjs');
let bundle;
let ReleaseStore;
let releaseMetricsRegistry;
let work;
let store;
let service;
const tokens = {};

before(async () => {
  bundle = await bundleApiModule('release-store');
  ReleaseStore = loadReleaseStore(bundle.file);
  releaseMetricsRegistry = loadReleaseMetrics(bundle.file);
});
after(() => bundle.remove());

beforeEach(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'release-service-test-'));
  store = await ReleaseStore.open({ databaseUrl: null, dataDir: path.join(work, 'db') });
  service = await startReleaseService({
    store,
    filesDir: path.join(work, 'files'),
    overrideSecret: 'x'.repeat(40),
    metrics: releaseMetricsRegistry(store),
  });
  for (const remote of ['mf_catalog', 'mf_player', '*']) tokens[remote] = (await store.createToken(remote)).token;
});
afterEach(async () => {
  await service.close();
  await store.close();
  rmSync(work, { recursive: true, force: true });
});

/** A team's CI: only the URL and its token, no RELEASES_DIR. */
const ciEnv = (remote) => {
  const env = { PATH: process.env.PATH, RELEASE_API_URL: service.url, RELEASE_TOKEN: tokens[remote], RELEASE_BY: 'ci' };
  return env;
};
const release = (remote, ...args) => main(args, ciEnv(remote));

const build = (name) => writeRemoteBuild(path.join(work, 'builds', name), name);

function runCli(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

test('a team publishes and points with only the URL and its token; the files are served, a version never overwritten', async () => {
  const published = await release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1'));
  const manifestUrl = `${service.url}/files/mf-catalog/v1/mf-manifest.json`;
  assert.equal(published, `published ${manifestUrl}`);
  const manifest = await fetch(manifestUrl);
  assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await manifest.json(), { metaData: { buildInfo: { buildVersion: 'v1' } } });
  const chunk = await fetch(`${service.url}/files/mf-catalog/v1/static/chunk.1a2b.js`);
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(await chunk.text(), '1');

  // The same version again: refused whole, exit code 3, the first build untouched.
  const again = await runCli(['publish', 'mf-catalog', 'v1', '--from', build('other')], ciEnv('mf_catalog'));
  assert.equal(again.code, 3, again.err);
  assert.match(again.err, /release mf-catalog\/v1 exists: releases are immutable/);
  assert.equal(await (await fetch(`${service.url}/files/mf-catalog/v1/remoteEntry.js`)).text(), '/* v1 */');

  const pointed = await runCli(['point', 'mf-catalog', 'v1', '--why', 'new search', '--commit', 'abc123'], ciEnv('mf_catalog'));
  assert.equal(pointed.code, 0, pointed.err);
  assert.equal(pointed.out, `mf-catalog → v1 (${manifestUrl}) on the next page load\n`);
  const pointers = await (await fetch(`${service.url}/v1/pointers`)).json();
  assert.equal(pointers.remotes.mf_catalog.url, manifestUrl);
  // Answered without a token: what the page services read, not who pointed or the stacks.
  assert.deepEqual(Object.keys(pointers.remotes.mf_catalog).sort(), ['url', 'version']);
  const { changes } = await (
    await fetch(`${service.url}/v1/history?remote=mf_catalog`, {
      headers: { authorization: `Bearer ${tokens.mf_catalog}` },
    })
  ).json();
  const last = changes.at(-1);
  assert.deepEqual([last.action, last.before, last.after, last.why, last.commit], ['point', null, 'v1', 'new search', 'abc123']);
  assert.match(last.by, /^ci \(token [0-9a-f]{16}\)$/);
  // Hidden folders (uploads, publishes under way) are never served.
  assert.equal((await fetch(`${service.url}/files/mf-catalog/.x/a`)).status, 404);
});

test("a catalogue token cannot change the player: 403 in the API's error shape, and the refusal is recorded", async () => {
  await release('mf_player', 'publish', 'mf-player', 'p1', '--from', build('p1'));
  const refused = await runCli(['point', 'mf-player', 'p1'], ciEnv('mf_catalog'));
  assert.equal(refused.code, 1);
  assert.match(refused.err, /may change mf_catalog only, not mf_player \(HTTP 403/);
  const direct = await fetch(`${service.url}/v1/remotes/mf_player/point`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.mf_catalog}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: 'p1' }),
  });
  assert.equal(direct.status, 403);
  assert.deepEqual(Object.keys(await direct.json()), ['detail']);
  const publishOther = await runCli(['publish', 'mf-player', 'p2', '--from', build('p2')], ciEnv('mf_catalog'));
  assert.equal(publishOther.code, 1);
  assert.equal((await fetch(`${service.url}/files/mf-player/p2/mf-manifest.json`)).status, 404);

  assert.equal((await fetch(`${service.url}/v1/pointers`).then((r) => r.json())).remotes.mf_player?.url, undefined);
  const { refusals } = await (
    await fetch(`${service.url}/v1/history?remote=mf_player`, {
      headers: { authorization: `Bearer ${tokens.mf_player}` },
    })
  ).json();
  assert.deepEqual(
    refusals.map((r) => [r.action, r.tokenRemote]),
    [
      ['point', 'mf_catalog'],
      ['point', 'mf_catalog'],
      ['publish', 'mf_catalog'],
    ],
  );
  // The player's own token still works.
  assert.match(await release('mf_player', 'point', 'mf-player', 'p1'), /^mf-player → p1/);
});

test('a revoked or unknown token is refused (401) and recorded; tokens are kept only as hashes', async () => {
  const [{ id }] = (await store.listTokens()).filter((t) => t.remote === 'mf_catalog');
  assert.equal(await store.revokeToken(id), true);
  await assert.rejects(
    release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1')),
    /unknown or revoked token.*HTTP 401/,
  );
  await assert.rejects(main(['status'], { ...ciEnv('mf_catalog'), RELEASE_TOKEN: 'rel_0000000000000000_nope' }), /HTTP 401/);
  const refusals = await store.refusals();
  assert.deepEqual(
    refusals.map((r) => [r.action, r.reason]),
    [
      ['publish', 'unknown or revoked token'],
      ['status', 'unknown or revoked token'],
    ],
  );
});

test('concurrent changes: without --expect all are kept one after the other, with it the later one is refused by name', async () => {
  for (const v of ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'])
    await release('mf_catalog', 'publish', 'mf-catalog', v, '--from', build(v));
  // Six CI jobs pointing at the same moment, from six processes.
  const results = await Promise.all(
    ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'].map((v) => runCli(['point', 'mf-catalog', v], ciEnv('mf_catalog'))),
  );
  for (const r of results) assert.equal(r.code, 0, r.err);
  const points = (await store.readHistory('mf_catalog')).filter((h) => h.action === 'point');
  assert.equal(points.length, 6);
  // Each change started from the one before it: nothing was lost or applied on a stale state.
  points.forEach((h, i) => assert.equal(h.before, i === 0 ? null : points[i - 1].after));
  assert.equal((await store.readState()).remotes.mf_catalog.previous.length, 5);

  // Twenty at once into the one service: their reads and writes interleave, compare-and-swap sorts them out.
  const many = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      fetch(`${service.url}/v1/remotes/mf_catalog/point`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.mf_catalog}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: `v${(i % 6) + 1}`, by: `job ${i}` }),
      }).then(async (r) => [r.status, await r.text()]),
    ),
  );
  for (const [code, body] of many) assert.equal(code, 200, body);
  const all = (await store.readHistory('mf_catalog')).filter((h) => h.action === 'point');
  assert.equal(all.length, 26);
  all.forEach((h, i) => assert.equal(h.before, i === 0 ? null : all[i - 1].after));
  assert.equal((await store.readState()).remotes.mf_catalog.version, all.at(-1).after);

  // Two changes decided on the same `status`: one wins, the other is refused with what came first.
  const seen = String((await store.readState()).version);
  const both = await Promise.all([
    runCli(['rollback', 'mf-catalog', '--expect', seen], ciEnv('mf_catalog')),
    runCli(['point', 'mf-catalog', 'v1', '--expect', seen], ciEnv('mf_catalog')),
  ]);
  assert.deepEqual(both.map((r) => r.code).sort(), [0, 3]);
  const loser = both.find((r) => r.code === 3);
  assert.match(
    loser.err,
    new RegExp(
      `refused: you expected the pointers at version ${seen}, they are at version ${Number(seen) + 1}: (rollback|point) mf_catalog`,
    ),
  );
});

test('compare-and-swap: a change landing from another instance between the read and the write is kept, and this one worked out again', async () => {
  const who = { by: 'a', why: null, commit: null };
  // Another release service instance on the same database, committing while this one decides.
  const other = new BetterSqlite3(path.join(work, 'db', 'account.sqlite'));
  let calls = 0;
  const { state, entry } = await store.commit({ action: 'point', remote: 'mf_catalog', who }, (draft) => {
    calls += 1;
    if (calls === 1) {
      const next = { ...draft, version: draft.version + 1, remotes: { ...draft.remotes, mf_player: { version: 'p9' } } };
      other.prepare('UPDATE release_state SET version = ?, state = ? WHERE id = 1').run(next.version, JSON.stringify(next));
      other
        .prepare('INSERT INTO release_history (version, remote, action, at, entry) VALUES (?, ?, ?, ?, ?)')
        .run(
          next.version,
          'mf_player',
          'point',
          new Date().toISOString(),
          JSON.stringify({ version: next.version, action: 'point' }),
        );
    }
    draft.remotes.mf_catalog = { version: 'c1' };
    return draft;
  });
  other.close();
  assert.equal(calls, 2);
  assert.deepEqual([state.remotes.mf_player, state.remotes.mf_catalog], [{ version: 'p9' }, { version: 'c1' }]);
  assert.deepEqual(
    (await store.readHistory()).map((h) => h.version),
    [1, 2],
  );
  assert.equal(entry.version, 2);
  // With the version expected, the same race refuses instead of working it out again.
  const stale = (await store.readState()).version;
  await store.commit({ action: 'point', remote: 'mf_player', who }, (draft) => draft);
  await assert.rejects(
    store.commit({ action: 'point', remote: 'mf_catalog', who, expectVersion: stale }, (draft) => draft),
    /you expected the pointers at version 2, they are at version 3: point mf_player by a/,
  );
});

test('the pointers poll: an ETag that moves with every change, 304 while nothing changed', async () => {
  const first = await fetch(`${service.url}/v1/pointers`);
  const etag = first.headers.get('etag');
  assert.equal((await fetch(`${service.url}/v1/pointers`, { headers: { 'if-none-match': etag } })).status, 304);
  await release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1'));
  const changed = await fetch(`${service.url}/v1/pointers`, { headers: { 'if-none-match': etag } });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.get('etag'), etag);
});

test('canary, promote, abort and rollback through the service; the watcher aborts with the site token only its own canary', async () => {
  for (const v of ['v1', 'v2', 'v3']) await release('mf_catalog', 'publish', 'mf-catalog', v, '--from', build(v));
  await release('mf_catalog', 'point', 'mf-catalog', 'v1');
  assert.match(
    await release('mf_catalog', 'canary', 'mf-catalog', 'v2', '10'),
    /canary v2 .* for 10 % of visitors, v1 for the rest/,
  );
  await assert.rejects(release('mf_catalog', 'point', 'mf-catalog', 'v3'), /canary of v2 running/);
  const { canary } = (await store.readState()).remotes.mf_catalog;
  // The watcher's abort, as release.mjs's watch sends it: guarded by the canary it judged.
  const watcher = { PATH: process.env.PATH, RELEASE_API_URL: service.url, RELEASE_TOKEN: tokens['*'] };
  const { ReleaseClient } = await import('./release-client.mjs');
  const client = new ReleaseClient({ url: watcher.RELEASE_API_URL, token: watcher.RELEASE_TOKEN });
  await assert.rejects(client.change('mf_catalog', 'abort', { canaryId: 'other', by: 'release watch' }), /not the one judged/);
  await client.change('mf_catalog', 'abort', {
    canaryId: canary.id,
    by: 'release watch',
    why: 'automatic: worse',
    details: { watch: { minutes: 3 } },
  });
  const aborted = (await store.readHistory('mf_catalog')).at(-1);
  assert.deepEqual([aborted.action, aborted.canaryId, aborted.watch], ['abort', canary.id, { minutes: 3 }]);
  await release('mf_catalog', 'canary', 'mf-catalog', 'v3', '25');
  assert.match(await release('mf_catalog', 'promote', 'mf-catalog'), /canary promoted → v3/);
  assert.match(await release('mf_catalog', 'rollback', 'mf-catalog'), /rolled back → v1/);
  const status = JSON.parse(await release('mf_catalog', 'status', 'mf-catalog', '--json'));
  assert.equal(status.remotes[0].live.version, 'v1');
  assert.deepEqual(status.remotes[0].forward, ['v3']);
  const listed = await release('mf_catalog', 'list', 'mf-catalog');
  assert.match(listed, /\* v1 /);
});

test('override tokens are signed by the service and recorded without the token; revocation goes through it too', async () => {
  const url = 'https://cdn.example/mf-catalog/v9/mf-manifest.json';
  const issued = JSON.parse(await release('mf_catalog', 'override-token', 'mf-catalog', url, '--ttl', '1h', '--json'));
  assert.match(issued.token, /\./);
  const line = (await store.readHistory('mf_catalog')).at(-1);
  assert.equal(line.action, 'override-token');
  assert.ok(!JSON.stringify(line).includes(issued.token));
  assert.match(await release('mf_catalog', 'revoke-override', 'mf-catalog', issued.id), /revoked/);
  assert.deepEqual(Object.keys((await store.readState()).remotes.mf_catalog.revokedOverrides), [issued.id]);
});

test('`release watch --once` through the service: a canary worse than stable is aborted with the site token, its figures in the history', async () => {
  const { createServer } = await import('node:http');
  const row = (version, views, errors) => ({
    remote: 'mf_catalog',
    version,
    pageViews: views,
    errors,
    clients: views,
    clientsWithErrors: errors,
    errorRate: errors / views,
    lcpP75: null,
    inpP75: null,
    vitalsSamples: 0,
  });
  const summary = { windowMinutes: 1, releases: [row('v1', 40, 0), row('v2', 30, 30)] };
  const telemetryServer = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url.startsWith('/__telemetry/summary?minutes=') ? summary : {}));
  });
  await new Promise((resolve) => telemetryServer.listen(0, '127.0.0.1', resolve));
  try {
    for (const v of ['v1', 'v2']) await release('mf_catalog', 'publish', 'mf-catalog', v, '--from', build(v));
    await release('mf_catalog', 'point', 'mf-catalog', 'v1');
    await release('mf_catalog', 'canary', 'mf-catalog', 'v2', '20');
    const telemetry = `http://127.0.0.1:${telemetryServer.address().port}`;
    // The watcher reads the pointers and the builds' ids from the service, and aborts through it.
    const watcher = { PATH: process.env.PATH, RELEASE_API_URL: service.url, RELEASE_TOKEN: tokens['*'] };
    await main(['watch', '--once', '--telemetry', telemetry, '--min-views', '20'], watcher);
    assert.equal((await store.readState()).remotes.mf_catalog.canary, undefined);
    const line = (await store.readHistory('mf_catalog')).at(-1);
    assert.deepEqual([line.action, line.release, line.watch.canary.build], ['abort', 'v2', 'v2']);
    assert.match(line.by, /^release watch@.* \(token [0-9a-f]{16}\)$/);
    assert.match(line.why, /^automatic: canary error rate 100\.0 % vs stable 0\.0 %/);
  } finally {
    await new Promise((resolve) => telemetryServer.close(resolve));
  }
});

test('unpoint: the remote goes back to the config file’s build for everyone; refused while a canary runs; rollback’s stack kept', async () => {
  for (const v of ['v1', 'v2']) await release('mf_catalog', 'publish', 'mf-catalog', v, '--from', build(v));
  await assert.rejects(release('mf_catalog', 'unpoint', 'mf-catalog'), /points at no release/);
  await release('mf_catalog', 'point', 'mf-catalog', 'v1');
  await release('mf_catalog', 'canary', 'mf-catalog', 'v2', '10');
  await assert.rejects(release('mf_catalog', 'unpoint', 'mf-catalog'), /canary of v2 running/);
  await release('mf_catalog', 'abort', 'mf-catalog');
  await assert.rejects(release('mf_player', 'unpoint', 'mf-catalog'), /may change mf_player only/);
  assert.equal(
    await release('mf_catalog', 'unpoint', 'mf-catalog'),
    'mf-catalog → the config file’s release on the next page load',
  );
  // What the page services read: no live URL, so they draw the config file's.
  const pointers = await (await fetch(`${service.url}/v1/pointers`)).json();
  assert.equal(pointers.remotes.mf_catalog.url, undefined);
  assert.equal(pointers.remotes.mf_catalog.version, undefined);
  const line = (await store.readHistory('mf_catalog')).at(-1);
  assert.deepEqual([line.action, line.release, line.before, line.after], ['unpoint', 'v1', 'v1', null]);
  await release('mf_catalog', 'point', 'mf-catalog', 'v2');
  assert.match(await release('mf_catalog', 'rollback', 'mf-catalog'), /rolled back → v1/);
});

test('/metrics: release_actions_total by remote and action from the database, an abort counted as the watcher or a team makes it', async () => {
  const metrics = async () => {
    const response = await fetch(`${service.url}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  assert.doesNotMatch(await metrics(), /release_actions_total\{/);
  for (const v of ['v1', 'v2']) await release('mf_catalog', 'publish', 'mf-catalog', v, '--from', build(v));
  await release('mf_catalog', 'point', 'mf-catalog', 'v1');
  await release('mf_catalog', 'canary', 'mf-catalog', 'v2', '10');
  let text = await metrics();
  assert.match(text, /^release_actions_total\{remote="mf_catalog",action="publish"\} 2$/m);
  assert.match(text, /^release_actions_total\{remote="mf_catalog",action="canary"\} 1$/m);
  // Shown at 0 before the first abort, so the alert sees that abort as an increase.
  assert.match(text, /^release_actions_total\{remote="mf_catalog",action="abort"\} 0$/m);
  await release('mf_catalog', 'abort', 'mf-catalog');
  // A refused change is no action.
  await assert.rejects(release('mf_player', 'abort', 'mf-catalog'), /HTTP 403/);
  text = await metrics();
  assert.match(text, /^release_actions_total\{remote="mf_catalog",action="abort"\} 1$/m);
  assert.doesNotMatch(text, /remote="mf_player"/);
});

test('its settings go through the services’ reader: a bad port, a short override secret or half a TLS pair stops start-up, naming it', async () => {
  const SERVICE = path.join(HERE, 'release-service.mjs');
  const start = (env) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [SERVICE], {
        env: { PATH: process.env.PATH, RELEASE_DATA_DIR: path.join(work, 'cli'), ...env },
      });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) => resolve({ code, err }));
    });
  const port = await start({ RELEASE_SERVICE_PORT: 'eighty' });
  assert.equal(port.code, 1);
  assert.match(port.err, /RELEASE_SERVICE_PORT must be a whole number 0-65535, got "eighty"/);
  const secret = await start({ RELEASE_OVERRIDE_SECRET: 'short' });
  assert.equal(secret.code, 1);
  assert.match(secret.err, /RELEASE_OVERRIDE_SECRET/);
  assert.match(secret.err, /32/);
  const tls = await start({ RELEASE_TLS_KEY: '/nowhere/key.pem' });
  assert.equal(tls.code, 1);
  assert.match(tls.err, /set both RELEASE_TLS_KEY and RELEASE_TLS_CERT, or neither/);
});
