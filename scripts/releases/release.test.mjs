// scripts/release.mjs: pointers changed atomically with their history, canaries, rollback and
// roll-forward, concurrent changes, override tokens. Each test has its own RELEASES_DIR.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { verifyOverride } from '../../page-service/src/cohorts/override-token.ts';
import { abort, canary, issueOverride, list, point, promote, publish, rollback, rollForward, status } from '../release.mjs';
import { readHistory, readState } from './pointer-store.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'release.mjs');
const SECRET = 'x'.repeat(40);
let work;
let env;
let opts;

/** A remote's build: a manifest with its build id, and one chunk. */
function build(name, buildVersion) {
  const dir = path.join(work, 'builds', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion } } }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${buildVersion} */`);
  writeFileSync(path.join(dir, 'chunk.js'), '1');
  return dir;
}

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
  env = {
    ...process.env,
    RELEASES_DIR: path.join(work, 'releases'),
    RELEASES_URL: 'http://cdn.test',
    RELEASE_OVERRIDE_SECRET: SECRET,
  };
  opts = { env, by: 'ana', commit: 'abc123' };
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

async function publishBoth() {
  await publish('mf-catalog', 'v1', { ...opts, from: build('v1', '1.0.0+b1') });
  await publish('mf-catalog', 'v2', { ...opts, from: build('v2', '1.0.0+b2') });
}

test('publish records its real time, build id, who and commit; list reads them, not folder times', async () => {
  const before = Date.now();
  await publishBoth();
  const state = readState(env.RELEASES_DIR);
  const v1 = state.remotes.mf_catalog.published.v1;
  assert.equal(v1.build, '1.0.0+b1');
  assert.equal(v1.by, 'ana');
  assert.equal(v1.commit, 'abc123');
  assert.ok(Date.parse(v1.at) >= before);
  assert.deepEqual(
    list('mf_catalog', { env }).map((r) => r.version),
    ['v2', 'v1'],
  );
  await assert.rejects(publish('mf-catalog', 'v1', { ...opts, from: build('v1b', 'x') }), /immutable/);
});

test('every change is one history line with who, why, when, commit, before and after', async () => {
  await publishBoth();
  await point('mf-catalog', 'v1', { ...opts, why: 'first release' });
  await canary('mf-catalog', 'v2', 10, { ...opts, why: 'try v2' });
  await canary('mf-catalog', 'v2', 25, opts);
  await promote('mf-catalog', { ...opts, why: 'v2 is fine' });
  const history = readHistory(env.RELEASES_DIR);
  assert.deepEqual(
    history.map((h) => h.action),
    ['publish', 'publish', 'point', 'canary', 'canary', 'promote'],
  );
  assert.deepEqual(
    history.map((h) => h.version),
    [1, 2, 3, 4, 5, 6],
  );
  const [, , pointed, started, widened, promoted] = history;
  assert.equal(pointed.why, 'first release');
  assert.equal(pointed.by, 'ana');
  assert.equal(pointed.commit, 'abc123');
  assert.ok(!Number.isNaN(Date.parse(pointed.at)));
  assert.deepEqual(pointed.after, { live: 'v1', canary: null });
  assert.deepEqual(started.after, { live: 'v1', canary: { version: 'v2', share: 10 } });
  assert.deepEqual(widened.before, started.after);
  assert.deepEqual(promoted.after, { live: 'v2', canary: null });
  const state = readState(env.RELEASES_DIR);
  assert.equal(state.version, 6);
  assert.equal(state.remotes.mf_catalog.url, 'http://cdn.test/mf-catalog/v2/mf-manifest.json');
  assert.equal(state.remotes.mf_catalog.build, '1.0.0+b2');
});

test('a canary keeps its cohort seed when widened, and ends with abort; point is refused while it runs', async () => {
  await publishBoth();
  await point('mf-catalog', 'v1', opts);
  const first = (await canary('mf-catalog', 'v2', 10, opts)).canary;
  assert.equal(first.url, 'http://cdn.test/mf-catalog/v2/mf-manifest.json');
  assert.equal(first.build, '1.0.0+b2');
  assert.equal((await canary('mf-catalog', 'v2', 30, opts)).canary.id, first.id);
  await assert.rejects(point('mf-catalog', 'v2', opts), /canary of v2 running: promote or abort it first/);
  await assert.rejects(canary('mf-catalog', 'v1', 10, opts), /already mf_catalog's live release|canary of v2/);
  await assert.rejects(canary('mf-catalog', 'v2', 100, opts), /above 0 and below 100/);
  const after = await abort('mf-catalog', { ...opts, why: 'errors' });
  assert.equal(after.canary, null);
  assert.equal(after.version, 'v1');
  await assert.rejects(abort('mf-catalog', opts), /no canary to abort/);
});

test('rollback points back without losing history, and roll-forward undoes it', async () => {
  await publishBoth();
  await publish('mf-catalog', 'v3', { ...opts, from: build('v3', '1.0.0+b3') });
  await point('mf-catalog', 'v1', opts);
  await point('mf-catalog', 'v2', opts);
  await point('mf-catalog', 'v3', opts);
  assert.equal((await rollback('mf-catalog', { ...opts, why: 'v3 broke search' })).version, 'v2');
  assert.equal((await rollback('mf-catalog', opts)).version, 'v1');
  await assert.rejects(rollback('mf-catalog', opts), /no earlier release/);
  assert.equal((await rollForward('mf-catalog', opts)).version, 'v2');
  assert.equal((await rollForward('mf-catalog', opts)).version, 'v3');
  await assert.rejects(rollForward('mf-catalog', opts), /no rollback to undo/);
  const actions = readHistory(env.RELEASES_DIR).filter((h) => h.action !== 'publish');
  assert.deepEqual(
    actions.map((h) => `${h.action}:${h.after.live}`),
    ['point:v1', 'point:v2', 'point:v3', 'rollback:v2', 'rollback:v1', 'roll-forward:v2', 'roll-forward:v3'],
  );
  assert.equal(actions[3].why, 'v3 broke search');
});

test('the first pointer file format (version, url, history) is read and upgraded', async () => {
  await publishBoth();
  const file = path.join(env.RELEASES_DIR, 'current.json');
  writeFileSync(
    file,
    JSON.stringify({
      remotes: { mf_catalog: { version: 'v2', url: 'http://cdn.test/mf-catalog/v2/mf-manifest.json', history: ['v1'] } },
    }),
  );
  assert.equal((await rollback('mf-catalog', opts)).version, 'v1');
});

function runCli(args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { env: { ...env, ...extraEnv } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

test('concurrent changes from separate processes are all kept', async () => {
  const builds = Array.from({ length: 6 }, (_, i) => build(`c${i}`, `1.0.0+c${i}`));
  const results = await Promise.all(
    builds.map((from, i) => runCli(['publish', 'mf-catalog', `c${i}`, '--from', from, '--by', `team${i}`])),
  );
  assert.deepEqual(
    results.map((r) => r.code),
    Array(6).fill(0),
    results.map((r) => r.err).join(''),
  );
  const state = readState(env.RELEASES_DIR);
  assert.equal(state.version, 6);
  assert.equal(Object.keys(state.remotes.mf_catalog.published).length, 6);
  const history = readHistory(env.RELEASES_DIR);
  assert.deepEqual(
    history.map((h) => h.version).sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6],
  );
  assert.equal(new Set(history.map((h) => h.by)).size, 6);
});

test('a change that expected another version is refused with a clear message, and changes nothing', async () => {
  await publishBoth();
  await point('mf-catalog', 'v1', opts); // version 3
  const [a, b] = await Promise.all([
    runCli(['point', 'mf-catalog', 'v2', '--expect', '3', '--by', 'ana']),
    runCli(['canary', 'mf-catalog', 'v2', '10', '--expect', '3', '--by', 'bo']),
  ]);
  // One of them applies; the other finds version 4 and is refused (exit 3).
  assert.deepEqual([a.code, b.code].sort(), [0, 3], a.err + b.err);
  const refused = a.code === 3 ? a : b;
  assert.match(
    refused.err,
    /the pointers changed since version 3: now version 4 \((point|canary) mf_catalog by (ana|bo) at .*\); read `release status`/,
  );
  assert.equal(readState(env.RELEASES_DIR).version, 4);
});

test('status shows the live release, the canary and share, overrides in force and the last 10 changes', async () => {
  await publishBoth();
  await point('mf-catalog', 'v1', opts);
  for (let i = 0; i < 6; i += 1) await canary('mf-catalog', 'v2', 10 + i, opts);
  await abort('mf-catalog', opts);
  await canary('mf-catalog', 'v2', 20, opts);
  const { token, id } = await issueOverride('mf-catalog', 'https://preview.test/mf-catalog/pr-7/mf-manifest.json', {
    ...opts,
    ttl: '2h',
    why: 'QA of PR 7',
  });
  const report = status({ env, remote: 'mf-catalog' });
  const [catalog] = report.remotes;
  assert.equal(catalog.live.version, 'v1');
  assert.equal(catalog.canary.version, 'v2');
  assert.equal(catalog.canary.share, 20);
  assert.equal(catalog.overrides.length, 1);
  assert.equal(catalog.overrides[0].id, id);
  assert.equal(catalog.overrides[0].why, 'QA of PR 7');
  assert.equal(catalog.changes.length, 10);
  assert.equal(catalog.changes[0].action, 'override-token');
  const claims = verifyOverride(token, SECRET);
  assert.equal(claims?.url, 'https://preview.test/mf-catalog/pr-7/mf-manifest.json');
  assert.equal(claims?.remote, 'mf_catalog');
  assert.ok(claims.exp - claims.iat === 2 * 3_600_000);
  const cli = await runCli(['status', 'mf-catalog']);
  assert.equal(cli.code, 0, cli.err);
  assert.match(cli.out, /canary {3}v2 to 20 % since/);
  assert.match(cli.out, new RegExp(`${id} {2}https://preview.test/mf-catalog/pr-7/mf-manifest.json`));
});

test('an override token needs the secret; a forged or expired one verifies to nothing', async () => {
  await assert.rejects(
    issueOverride('mf-catalog', 'https://p.test/m.json', { ...opts, env: { ...env, RELEASE_OVERRIDE_SECRET: undefined } }),
    /RELEASE_OVERRIDE_SECRET/,
  );
  await assert.rejects(
    issueOverride('mf-catalog', 'https://p.test/m.json', { ...opts, env: { ...env, RELEASE_OVERRIDE_SECRET: 'short' } }),
    /at least 32/,
  );
  await assert.rejects(issueOverride('mf-catalog', 'https://p.test/m.json', { ...opts, ttl: 'soon' }), /--ttl/);
  const { token } = await issueOverride('mf-catalog', 'https://p.test/m.json', { ...opts, ttl: '1m' });
  assert.ok(verifyOverride(token, SECRET));
  assert.equal(verifyOverride(token, 'y'.repeat(40)), null);
  assert.equal(verifyOverride(token, SECRET, Date.now() + 61_000), null);
  const [prefix, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, url: 'https://evil.test/m.json' })).toString('base64url');
  assert.equal(verifyOverride(`${prefix}.${forged}.${signature}`, SECRET), null);
  assert.equal(verifyOverride(`${token}x`, SECRET), null);
  assert.equal(readFileSync(path.join(env.RELEASES_DIR, 'history.jsonl'), 'utf8').includes(token), false); // tokens are not logged
});
