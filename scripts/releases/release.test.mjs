// scripts/release.mjs and its pointer store: every change one locked transaction with a history
// line, rollback and roll-forward, publish times, prune, the first file format, compare-and-swap,
// and changes from separate processes at the same moment. Each test has its own RELEASES_DIR.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
// The page service's own parser of the pointers (it imports nothing, so node runs it as it is).
import { liveRemotes, parsePointerState } from '../../page-service/src/builds/pointer-state.ts';
import {
  abort,
  canary,
  list,
  main,
  point,
  promote,
  prune,
  publish,
  rollback,
  rollForward,
  status,
  unpoint,
} from '../release.mjs';
import { commitChange, ConflictError, lockPath, readHistory, readState } from './pointer-store.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'release.mjs');
const DAY = 86_400_000;
let work;
let env;
let opts;
let dir;

/** A remote's build, as its dist folder holds it: a manifest, the entry and one chunk. */
function build(name) {
  const folder = path.join(work, 'builds', name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: name } } }));
  writeFileSync(path.join(folder, 'remoteEntry.js'), `/* ${name} */`);
  writeFileSync(path.join(folder, 'chunk.js'), '1');
  return folder;
}

const publishAll = async (...versions) => {
  for (const version of versions) await publish('mf-catalog', version, { ...opts, from: build(version) });
};
const catalog = () => readState(dir).remotes.mf_catalog;

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
  dir = path.join(work, 'releases');
  env = { ...process.env, RELEASES_DIR: dir, RELEASES_URL: 'http://cdn.test' };
  // The runner's own settings must not leak into what the tests expect.
  for (const name of ['RELEASE_BY', 'RELEASE_WHY', 'RELEASE_COMMIT', 'npm_lifecycle_event']) delete env[name];
  opts = { env, by: 'ana', commit: 'abc123' };
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function runCli(args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { env: { ...env, ...extraEnv } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

test('publish copies the build whole, records its time, and refuses a version that exists', async () => {
  const before = Date.now();
  await publishAll('v1');
  assert.deepEqual(readdirSync(path.join(dir, 'mf-catalog', 'v1')).sort(), ['chunk.js', 'mf-manifest.json', 'remoteEntry.js']);
  assert.deepEqual(readdirSync(path.join(dir, 'mf-catalog')), ['v1']); // no staging folder left behind
  const at = Date.parse(catalog().published.v1);
  assert.ok(at >= before && at <= Date.now());
  await assert.rejects(publish('mf-catalog', 'v1', { ...opts, from: build('again') }), /v1 exists: releases are immutable/);
  await assert.rejects(publish('mf-catalog', '../x', { ...opts, from: build('bad') }), /letters, digits/);
  await assert.rejects(publish('mf-catalog', 'v9', { ...opts, from: work }), /holds no build/);
  assert.deepEqual(
    readHistory(dir).map((h) => `${h.action} ${h.release}`),
    ['publish v1'],
  );
  assert.equal(catalog().url, undefined); // published, not pointed at: the page service sees nothing yet
});

test('list orders by the recorded publish time, not folder times; older releases fall back to the folder time', async () => {
  await publishAll('v1', 'v2');
  // Copying or restoring a releases folder changes folder times: they must not reorder releases.
  utimesSync(path.join(dir, 'mf-catalog', 'v2'), new Date('2020-01-01'), new Date('2020-01-01'));
  utimesSync(path.join(dir, 'mf-catalog', 'v1'), new Date('2030-01-01'), new Date('2030-01-01'));
  // A release published before publish times were recorded: only its folder time is known.
  const legacy = path.join(dir, 'mf-catalog', 'v0');
  mkdirSync(legacy);
  writeFileSync(path.join(legacy, 'mf-manifest.json'), '{}');
  utimesSync(legacy, new Date('2021-06-01'), new Date('2021-06-01'));
  await point('mf-catalog', 'v1', opts);
  const releases = list('mf_catalog', { env });
  assert.deepEqual(
    releases.map((r) => [r.version, r.recorded, r.live]),
    [
      ['v2', true, false],
      ['v1', true, true],
      ['v0', false, false],
    ],
  );
  assert.equal(releases[0].publishedAt.toISOString(), catalog().published.v2);
  assert.equal(releases[2].publishedAt.toISOString(), '2021-06-01T00:00:00.000Z');
  const cli = await runCli(['list', 'mf-catalog']);
  assert.equal(cli.code, 0, cli.err);
  assert.match(cli.out, /^ {2}v2 {2}\S+\n\* v1 {2}\S+\n {2}v0 {2}2021-06-01T00:00:00.000Z \(folder time\)\n$/);
});

test('point, rollback and roll-forward move the live release without losing any; a fresh point clears roll-forward', async () => {
  await publishAll('v1', 'v2', 'v3', 'v4');
  await point('mf-catalog', 'v1', opts);
  await point('mf-catalog', 'v2', opts);
  await point('mf-catalog', 'v3', opts);
  assert.equal((await rollback('mf-catalog', { ...opts, why: 'v3 broke search' })).version, 'v2');
  assert.equal((await rollback('mf-catalog', opts)).version, 'v1');
  await assert.rejects(rollback('mf-catalog', opts), /no earlier release to roll back to/);
  assert.deepEqual(catalog().forward, ['v3', 'v2']);
  assert.equal((await rollForward('mf-catalog', opts)).version, 'v2');
  const live = catalog();
  assert.equal(live.url, 'http://cdn.test/mf-catalog/v2/mf-manifest.json'); // what the page service reads
  assert.deepEqual([live.previous, live.forward], [['v1'], ['v3']]);
  await point('mf-catalog', 'v4', opts);
  assert.deepEqual([catalog().previous, catalog().forward], [['v1', 'v2'], []]);
  await assert.rejects(rollForward('mf-catalog', opts), /no rollback to undo/);
  await assert.rejects(point('mf-catalog', 'v9', opts), /cannot point: release mf-catalog\/v9 is not published/);
  assert.deepEqual(
    readHistory(dir)
      .filter((h) => h.action !== 'publish')
      .map((h) => `${h.action} ${h.before}→${h.after}`),
    ['point null→v1', 'point v1→v2', 'point v2→v3', 'rollback v3→v2', 'rollback v2→v1', 'roll-forward v1→v2', 'point v2→v4'],
  );
});

test('every history line says when, who, why and from which commit, from flags, the environment or defaults', async () => {
  await publishAll('v1', 'v2');
  await point('mf-catalog', 'v1', { env, by: 'ana', why: 'first release', commit: 'abc123' });
  await point('mf-catalog', 'v2', { env: { ...env, RELEASE_BY: 'ci-bot', RELEASE_WHY: 'nightly', RELEASE_COMMIT: 'def456' } });
  const cli = await runCli(['rollback', 'mf_catalog', '--why', 'errors up']);
  assert.equal(cli.code, 0, cli.err);
  assert.match(cli.out, /mf_catalog rolled back → v1 \(http:\/\/cdn.test\/mf-catalog\/v1\/mf-manifest.json\)/);
  const [, , first, second, third] = readHistory(dir);
  assert.deepEqual(
    { ...first, at: undefined },
    {
      version: 3,
      at: undefined,
      action: 'point',
      remote: 'mf_catalog',
      release: 'v1',
      by: 'ana',
      why: 'first release',
      commit: 'abc123',
      before: null,
      after: 'v1',
    },
  );
  assert.ok(Math.abs(Date.parse(first.at) - Date.now()) < 60_000);
  assert.deepEqual([second.by, second.why, second.commit], ['ci-bot', 'nightly', 'def456']);
  // Defaults: user@host, no reason, the repository's HEAD.
  assert.match(third.by, new RegExp(`@${os.hostname()}$`));
  assert.equal(third.why, 'errors up');
  assert.match(third.commit, /^[0-9a-f]{12}$/);
  assert.deepEqual([third.before, third.after], ['v2', 'v1']);
});

test('prune deletes old releases but never the live one, the one rollback goes to, or those roll-forward goes to', async () => {
  await publishAll('v1', 'v2', 'v3', 'v4', 'v5', 'v6');
  for (const version of ['v1', 'v2', 'v3', 'v4', 'v5']) await point('mf-catalog', version, opts);
  await rollback('mf-catalog', opts); // live v4, rollback → v3, roll-forward → v5
  const now = Date.now() + 8 * DAY;
  const removed = await prune('mf-catalog', 7, { ...opts, now });
  assert.deepEqual(removed.sort(), ['v1', 'v2', 'v6']);
  assert.deepEqual(readdirSync(path.join(dir, 'mf-catalog')).sort(), ['v3', 'v4', 'v5']);
  const after = catalog();
  assert.deepEqual([after.version, after.previous, after.forward], ['v4', ['v3'], ['v5']]); // rollback never meets a gone release
  assert.deepEqual(Object.keys(after.published).sort(), ['v3', 'v4', 'v5']);
  const line = readHistory(dir).at(-1);
  assert.deepEqual([line.action, line.removed.sort(), line.why], ['prune', ['v1', 'v2', 'v6'], 'older than 7 days']);
  // Nothing old enough: nothing deleted and no history line.
  const lines = readHistory(dir).length;
  assert.deepEqual(await prune('mf-catalog', 7, { ...opts, now: Date.now() }), []);
  assert.equal(readHistory(dir).length, lines);
  // Even with days 0, what rollback and roll-forward need stays.
  assert.deepEqual(await prune('mf-catalog', 0, { ...opts, now }), []);
});

test('the first pointer file format ({ version, url, history }) still works, and keeps `url` for the page service', async () => {
  // Releases published by the first release.mjs: folders, no history, no publish times.
  for (const version of ['v1', 'v2']) cpSync(build(version), path.join(dir, 'mf-catalog', version), { recursive: true });
  writeFileSync(
    path.join(dir, 'current.json'),
    JSON.stringify({
      remotes: {
        mf_catalog: {
          version: 'v2',
          url: 'http://cdn.test/mf-catalog/v2/mf-manifest.json',
          history: ['v1'],
          pointedAt: '2026-11-01T10:00:00.000Z',
        },
      },
    }),
  );
  const [before] = status({ env, remote: 'mf-catalog' }).remotes;
  assert.deepEqual(before.live, {
    version: 'v2',
    url: 'http://cdn.test/mf-catalog/v2/mf-manifest.json',
    pointedAt: '2026-11-01T10:00:00.000Z',
    pointedBy: null,
  });
  assert.deepEqual(before.previous, ['v1']);
  // No version in the old file: it counts as version 0.
  await assert.rejects(rollback('mf-catalog', { ...opts, expect: 1 }), ConflictError);
  assert.equal((await rollback('mf-catalog', { ...opts, expect: 0 })).version, 'v1');
  const upgraded = readState(dir);
  assert.equal(upgraded.version, 1);
  assert.equal(upgraded.remotes.mf_catalog.url, 'http://cdn.test/mf-catalog/v1/mf-manifest.json');
  assert.equal(upgraded.remotes.mf_catalog.history, undefined);
  assert.equal((await rollForward('mf-catalog', opts)).version, 'v2');
  // Publish times were not recorded then: list falls back to the folders.
  assert.deepEqual(
    list('mf-catalog', { env }).map((r) => [r.version, r.recorded]),
    [
      ['v2', false],
      ['v1', false],
    ],
  );
});

/** current.json as the page service reads it. */
const served = () => parsePointerState(JSON.parse(readFileSync(path.join(dir, 'current.json'), 'utf8')));
const releasedRemotes = () => (existsSync(path.join(dir, 'current.json')) ? liveRemotes(served()) : {});

test('the page service’s own reader sees every pointer change', async () => {
  await publishAll('v1', 'v2');
  assert.deepEqual(releasedRemotes(), {}); // published is not pointed at
  await point('mf-catalog', 'v1', opts);
  await point('mf-catalog', 'v2', opts);
  assert.deepEqual(releasedRemotes(), { mf_catalog: 'http://cdn.test/mf-catalog/v2/mf-manifest.json' });
  await rollback('mf-catalog', opts);
  assert.deepEqual(releasedRemotes(), { mf_catalog: 'http://cdn.test/mf-catalog/v1/mf-manifest.json' });
});

test('canary: a share of visitors on a published release, beside the live one, as the page service reads it', async () => {
  await publishAll('v1', 'v2', 'v3');
  await point('mf-catalog', 'v1', opts);
  await assert.rejects(canary('mf-catalog', 'v1', 10, opts), /v1 is already mf_catalog's live release/);
  await assert.rejects(canary('mf-catalog', 'v9', 10, opts), /release mf-catalog\/v9 is not published/);
  for (const share of [0, 100, -1, 'ten', undefined])
    await assert.rejects(canary('mf-catalog', 'v2', share, opts), /a percentage above 0 and below 100/);

  const started = await canary('mf-catalog', 'v2', 10, { ...opts, why: 'new cards' });
  assert.equal(started.version, 'v1');
  const { id, since } = started.canary;
  assert.match(id, /^[0-9a-f]{12}$/);
  assert.deepEqual(started.canary, {
    version: 'v2',
    url: 'http://cdn.test/mf-catalog/v2/mf-manifest.json',
    share: 10,
    id,
    since,
  });
  // The page service's parser takes it as written.
  assert.deepEqual(served().remotes.mf_catalog, {
    version: 'v1',
    url: 'http://cdn.test/mf-catalog/v1/mf-manifest.json',
    canary: started.canary,
    revokedOverrides: [],
  });
  assert.deepEqual(releasedRemotes(), { mf_catalog: 'http://cdn.test/mf-catalog/v1/mf-manifest.json' });

  // Another share for the same canary keeps its cohorts; another version needs promote or abort first.
  assert.deepEqual((await canary('mf-catalog', 'v2', 25.5, opts)).canary, { ...started.canary, share: 25.5 });
  await assert.rejects(canary('mf-catalog', 'v3', 10, opts), /has a canary of v2 running: promote or abort it first/);
  await assert.rejects(point('mf-catalog', 'v3', opts), /cannot point: mf_catalog has a canary of v2 running/);
  await assert.rejects(rollback('mf-catalog', opts), /cannot roll back: mf_catalog has a canary of v2 running/);

  const last = readHistory(dir).at(-1);
  assert.deepEqual(
    { ...last, at: undefined },
    {
      version: last.version,
      at: undefined,
      action: 'canary',
      remote: 'mf_catalog',
      release: 'v2',
      share: 25.5,
      canaryId: id,
      by: 'ana',
      why: null,
      commit: 'abc123',
      before: 'v1',
      after: 'v1',
    },
  );
});

test('promote makes the canary everyone’s (rollback goes back), abort ends it; each a history line', async () => {
  await publishAll('v1', 'v2', 'v3');
  await point('mf-catalog', 'v1', opts);
  await assert.rejects(promote('mf-catalog', opts), /has no canary to promote/);
  await assert.rejects(abort('mf-catalog', opts), /has no canary to abort/);

  await canary('mf-catalog', 'v2', 10, opts);
  const promoted = await promote('mf-catalog', { ...opts, why: 'good figures' });
  assert.equal(promoted.version, 'v2');
  assert.equal(promoted.url, 'http://cdn.test/mf-catalog/v2/mf-manifest.json');
  assert.equal(promoted.canary, undefined);
  assert.equal(served().remotes.mf_catalog.canary, null);
  assert.deepEqual(promoted.previous, ['v1']);

  const first = (await canary('mf-catalog', 'v3', 50, opts)).canary.id;
  const aborted = await abort('mf-catalog', { ...opts, by: 'bo', why: 'errors up' });
  assert.equal(aborted.version, 'v2');
  assert.equal(aborted.canary, undefined);
  // A new start of the same release is a new canary: its cohorts are drawn again.
  assert.notEqual((await canary('mf-catalog', 'v3', 50, opts)).canary.id, first);
  await abort('mf-catalog', opts);
  // The release a canary runs is never pruned (nor the live one).
  await canary('mf-catalog', 'v3', 5, opts);
  await prune('mf-catalog', 0, { ...opts, now: Date.now() + 30 * DAY });
  assert.ok(existsSync(path.join(dir, 'mf-catalog', 'v3')));

  assert.deepEqual(
    readHistory(dir)
      .filter((h) => h.action !== 'publish')
      .map((h) => `${h.action} ${h.release ?? h.removed} ${h.share ?? ''} ${h.before}→${h.after} ${h.by} ${h.why}`),
    [
      'point v1  null→v1 ana null',
      'canary v2 10 v1→v1 ana null',
      'promote v2 10 v1→v2 ana good figures',
      'canary v3 50 v2→v2 ana null',
      'abort v3 50 v2→v2 bo errors up',
      'canary v3 50 v2→v2 ana null',
      'abort v3 50 v2→v2 ana null',
      'canary v3 5 v2→v2 ana null',
    ],
  );
  assert.equal(
    await rollback('mf-catalog', opts).catch((e) => e.message),
    'cannot roll back: mf_catalog has a canary of v3 running (promote or abort it first)',
  );
});

test('a canary beside the config file’s URL (no pointer yet): abort leaves no pointer, promote makes one', async () => {
  await publishAll('v2');
  const started = await canary('mf-catalog', 'v2', 10, opts);
  assert.equal(started.version, undefined);
  assert.deepEqual(served().remotes.mf_catalog, { version: null, url: null, canary: started.canary, revokedOverrides: [] });
  assert.deepEqual(releasedRemotes(), {});
  await abort('mf-catalog', opts);
  assert.deepEqual(served().remotes.mf_catalog, { version: null, url: null, canary: null, revokedOverrides: [] });
  await canary('mf-catalog', 'v2', 10, opts);
  assert.equal((await promote('mf-catalog', opts)).version, 'v2');
  assert.deepEqual(releasedRemotes(), { mf_catalog: 'http://cdn.test/mf-catalog/v2/mf-manifest.json' });
});

test('unpoint: the config file’s URL for everyone again, refused while a canary runs, a history line; a later rollback comes back', async () => {
  await publishAll('v1', 'v2');
  await assert.rejects(unpoint('mf-catalog', opts), /points at no release/);
  await point('mf-catalog', 'v1', opts);
  await canary('mf-catalog', 'v2', 10, opts);
  await assert.rejects(unpoint('mf-catalog', opts), /canary of v2 running/);
  await abort('mf-catalog', opts);
  await unpoint('mf-catalog', { ...opts, why: 'back with the site' });
  assert.deepEqual(served().remotes.mf_catalog, { version: null, url: null, canary: null, revokedOverrides: [] });
  assert.deepEqual(releasedRemotes(), {});
  const line = readHistory(dir).at(-1);
  assert.deepEqual(
    [line.action, line.release, line.before, line.after, line.why],
    ['unpoint', 'v1', 'v1', null, 'back with the site'],
  );
  await point('mf-catalog', 'v2', opts);
  assert.equal((await rollback('mf-catalog', opts)).version, 'v1');
});

test('the command line: canary, status with its share, promote, abort', async () => {
  await publishAll('v1', 'v2');
  await point('mf-catalog', 'v1', opts);
  const started = await runCli(['canary', 'mf-catalog', 'v2', '10', '--why', 'try it']);
  assert.equal(started.code, 0, started.err);
  assert.match(
    started.out,
    /mf-catalog: canary v2 \(http:\/\/cdn.test\/mf-catalog\/v2\/mf-manifest.json\) for 10 % of visitors, v1 for the rest/,
  );
  const shown = await runCli(['status', 'mf_catalog']);
  assert.match(
    shown.out,
    /canary {8}v2 to 10 % of visitors {2}http:\/\/cdn.test\/mf-catalog\/v2\/mf-manifest.json\n\s+since \S+ \(cohorts [0-9a-f]{12}\)/,
  );
  assert.match(shown.out, /canary {7}v1 \+ canary v2 at 10 % {2}by \S+ @\S+: try it/);
  assert.equal(JSON.parse((await runCli(['status', '--json'])).out).remotes[0].canary.share, 10);
  const bad = await runCli(['canary', 'mf-catalog', 'v2']);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /a canary's share is a percentage above 0 and below 100 \(got undefined\)/);
  const promoted = await runCli(['promote', 'mf-catalog']);
  assert.equal(promoted.code, 0, promoted.err);
  assert.match(
    promoted.out,
    /mf-catalog canary promoted → v2 \(http:\/\/cdn.test\/mf-catalog\/v2\/mf-manifest.json\) on the next page load, for everyone/,
  );
  assert.match((await runCli(['status', 'mf_catalog'])).out, /canary {8}none/);
  await runCli(['canary', 'mf-catalog', 'v1', '30']);
  const aborted = await runCli(['abort', 'mf-catalog', '--why', 'no']);
  assert.equal(aborted.code, 0, aborted.err);
  assert.match(aborted.out, /mf-catalog canary ended → everyone on v2/);
});

test('--expect refuses a change when the pointers moved, naming the change that came first, and changes nothing', async () => {
  await publishAll('v1', 'v2', 'v3'); // versions 1-3
  await point('mf-catalog', 'v1', { ...opts, expect: 3 }); // 4
  await point('mf-catalog', 'v2', { ...opts, by: 'bo', why: 'hotfix' }); // 5
  const stateBefore = readFileSync(path.join(dir, 'current.json'), 'utf8');
  const linesBefore = readHistory(dir).length;
  const refused = await runCli(['point', 'mf-catalog', 'v3', '--expect', '4', '--by', 'ana']);
  assert.equal(refused.code, 3);
  assert.match(
    refused.err,
    /refused: you expected the pointers at version 4, they are at version 5: point mf_catalog v2 by bo at \S+ came first; look at `npm run release -- status`/,
  );
  assert.equal(readFileSync(path.join(dir, 'current.json'), 'utf8'), stateBefore);
  assert.equal(readHistory(dir).length, linesBefore);
  await point('mf-catalog', 'v3', { ...opts, expect: 5 });
  assert.equal(catalog().version, 'v3');
  await assert.rejects(main(['point', 'mf-catalog', 'v1', '--expect', 'latest'], env), /--expect takes a pointers version/);
});

test('eight processes pointing at the same moment: every change is kept, numbered 1..N, and the state agrees', async () => {
  const versions = Array.from({ length: 8 }, (_, i) => `c${i}`);
  await publishAll(...versions);
  const published = readState(dir).version;
  // A lock left by a dead process: all eight find it stale at once, and only one may take it over.
  writeFileSync(lockPath(dir), '{}');
  utimesSync(lockPath(dir), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  const results = await Promise.all(
    versions.map((version, i) => runCli(['point', 'mf-catalog', version, '--by', `team${i}`, '--why', `change ${i}`])),
  );
  assert.deepEqual(
    results.map((r) => r.code),
    Array(8).fill(0),
    results.map((r) => r.err).join(''),
  );
  const history = readHistory(dir);
  assert.deepEqual(
    history.map((h) => h.version),
    Array.from({ length: published + 8 }, (_, i) => i + 1),
  );
  const points = history.slice(published);
  assert.deepEqual(points.map((h) => h.by).sort(), versions.map((_, i) => `team${i}`).sort());
  // Each change saw the one before it: before = the previous line's after.
  points.forEach((h, i) => assert.equal(h.before, i === 0 ? null : points[i - 1].after));
  const state = readState(dir);
  assert.equal(state.version, published + 8);
  assert.equal(state.remotes.mf_catalog.version, points.at(-1).after);
  assert.deepEqual(
    state.remotes.mf_catalog.previous,
    points.slice(0, -1).map((h) => h.after),
  );
  assert.equal(existsSync(lockPath(dir)), false);
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.endsWith('.tmp')),
    [],
  );
});

test('publishes from separate processes at the same moment are all recorded', async () => {
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) => runCli(['publish', 'mf-catalog', `p${i}`, '--from', build(`p${i}`)])),
  );
  assert.deepEqual(
    results.map((r) => r.code),
    Array(6).fill(0),
    results.map((r) => r.err).join(''),
  );
  assert.equal(readState(dir).version, 6);
  assert.deepEqual(Object.keys(catalog().published).sort(), ['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
});

test('a lock left by a dead process is taken over; a live one makes a change wait, then give up clearly', async () => {
  const who = { by: 'ana', why: null, commit: null };
  const mutate = (state) => ({ ...state, touched: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(lockPath(dir), JSON.stringify({ pid: 1, host: 'gone', at: '2026-01-01T00:00:00.000Z' }));
  const old = new Date(Date.now() - 60_000);
  utimesSync(lockPath(dir), old, old);
  const { entry } = await commitChange(dir, { action: 'test', who }, mutate);
  assert.equal(entry.version, 1);
  assert.equal(existsSync(lockPath(dir)), false);

  writeFileSync(lockPath(dir), JSON.stringify({ pid: 42, host: 'busy', at: new Date().toISOString() }));
  const started = Date.now();
  await assert.rejects(
    commitChange(dir, { action: 'test', who, lockWaitMs: 300 }, mutate),
    (error) => error instanceof ConflictError && /held .* for over 0.3 s \(pid 42 on busy since/.test(error.message),
  );
  assert.ok(Date.now() - started >= 300);
  assert.equal(readState(dir).version, 1);
});

test('a history line cut by a crash does not swallow the next one, and numbering goes on past it', async () => {
  await publishAll('v1');
  // A crash after the line was written but before current.json moved: version 2 never applied.
  appendFileSync(path.join(dir, 'history.jsonl'), `${JSON.stringify({ version: 2, action: 'point' })}\n{"version":3,"act`);
  await point('mf-catalog', 'v1', opts);
  const history = readHistory(dir);
  assert.deepEqual(
    history.map((h) => h.version),
    [1, 2, 3],
  );
  assert.equal(history.at(-1).action, 'point');
  assert.equal(readState(dir).version, 3);
});

test('status: the live release and who pointed it, the previous ones, and the last 10 changes', async () => {
  await publishAll('v1', 'v2', 'v3');
  for (const version of ['v1', 'v2', 'v3', 'v1', 'v2', 'v3', 'v1', 'v2']) await point('mf-catalog', version, opts);
  await point('mf-catalog', 'v3', { ...opts, by: 'bo', why: 'v3 again' });
  await rollback('mf-catalog', { ...opts, why: 'slow' });
  const report = status({ env, remote: 'mf_catalog' });
  assert.equal(report.version, 13);
  const [r] = report.remotes;
  assert.equal(r.remote, 'mf_catalog');
  assert.deepEqual(
    { ...r.live, pointedAt: undefined },
    { version: 'v2', url: 'http://cdn.test/mf-catalog/v2/mf-manifest.json', pointedAt: undefined, pointedBy: 'ana' },
  );
  assert.deepEqual(r.previous.slice(0, 3), ['v1', 'v3', 'v2']);
  assert.deepEqual(r.forward, ['v3']);
  assert.equal(r.changes.length, 10);
  assert.deepEqual(
    r.changes.map((c) => c.version),
    [13, 12, 11, 10, 9, 8, 7, 6, 5, 4],
  );
  assert.equal(status({ env }).remotes.length, 3); // every remote of parts.json
  const cli = await runCli(['status', 'mf-catalog']);
  assert.equal(cli.code, 0, cli.err);
  assert.match(cli.out, /live {10}v2 {2}http:\/\/cdn.test\/mf-catalog\/v2\/mf-manifest.json\n\s+pointed \S+ by ana/);
  assert.match(cli.out, /roll-forward {2}v3/);
  assert.match(cli.out, /#13 \S+ rollback {5}v3 → v2 {2}by ana @abc123: slow/);
  assert.match(cli.out, /#12 \S+ point {8}v2 → v3 {2}by bo @abc123: v3 again/);
  const json = await runCli(['status', '--json']);
  assert.equal(JSON.parse(json.out).remotes.find((x) => x.remote === 'mf_catalog').live.version, 'v2');
});

test('the command line explains bad usage (exit 2) and failures (exit 1)', async () => {
  const unknown = await runCli(['deploy', 'mf-catalog']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /unknown command deploy\nusage: npm run release -- publish\|point\|canary\|promote\|abort\|rollback/);
  const flag = await runCli(['point', 'mf-catalog', 'v1', '--force']);
  assert.equal(flag.code, 2);
  assert.match(flag.err, /Unknown option '--force'/);
  const missing = await runCli(['rollback', 'mf-nothing']);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /no remote named mf-nothing in parts.json/);
});
