// The release service with its builds in a bucket (RELEASE_FILES_STORAGE=s3, decision 0068),
// against a real S3-compatible server (s3rver, in this process, as the pictures' tests use):
// publish through `npm run release` with only a URL and a token, the files served from the bucket
// (types, cache headers, ETag and 304), a version never overwritten (also by two publishes at
// once), a missing file a 404, a bucket that stops answering a 503 in the API's error shape, prune.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import { readSettings } from '@portal/service-settings/read';
import S3rver from 's3rver';
import { RELEASE_SERVICE_SETTINGS } from '../../account-api/src/releases/release-service-settings.ts';
import { main } from '../release.mjs';
import { loadReleaseFiles, loadReleaseStore, startReleaseService } from './release-service.mjs';
import { bundleApiModule } from './testing/api-bundle.mjs';
import { writeRemoteBuild } from './testing/remote-build.mjs';

const BUCKET = 'releases';
const KEY = 'S3RVER';
let bundles;
let ReleaseStore;
let releaseFiles;
let work;
let s3;
let s3Port;
let store;
let service;
const tokens = {};

/** s3rver on `port` (0: any), its objects in `work/bucket`: stopped and started again on the same folder. */
async function startS3(port = 0) {
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: path.join(work, 'bucket'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await server.run();
  return { server, port: address.port };
}
/** The files' storage settings from `env`, read as the service reads them. */
const filesSettingsOf = (env) => releaseFiles.releaseFilesSettingsFrom(readSettings(env, RELEASE_SERVICE_SETTINGS));
const bucketSettings = (env = {}) =>
  filesSettingsOf({
    RELEASE_FILES_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: KEY,
    ...env,
  });
/** What the bucket holds, read past the service (s3rver answers unsigned reads). */
const objectText = async (key) => {
  const res = await fetch(`http://127.0.0.1:${s3Port}/${BUCKET}/${key}`);
  return res.status === 200 ? res.text() : null;
};

before(async () => {
  bundles = [await bundleApiModule('release-store'), await bundleApiModule('release-files')];
  ReleaseStore = loadReleaseStore(bundles[0].file);
  releaseFiles = loadReleaseFiles(bundles[1].file);
});
after(() => bundles.forEach((bundle) => bundle.remove()));

beforeEach(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'release-files-s3-test-'));
  mkdirSync(path.join(work, 'bucket'));
  ({ server: s3, port: s3Port } = await startS3());
  store = await ReleaseStore.open({ databaseUrl: null, dataDir: path.join(work, 'db') });
  service = await startReleaseService({ store, bucket: releaseFiles.s3ReleaseFiles(bucketSettings()) });
  for (const remote of ['mf_catalog', 'mf_player']) tokens[remote] = (await store.createToken(remote)).token;
});
afterEach(async () => {
  await service.close();
  await store.close();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

const ciEnv = (remote) => ({
  PATH: process.env.PATH,
  RELEASE_API_URL: service.url,
  RELEASE_TOKEN: tokens[remote],
  RELEASE_BY: 'ci',
});
const release = (remote, ...args) => main(args, ciEnv(remote));

const build = (name) =>
  writeRemoteBuild(path.join(work, 'builds', name), name, {
    'static/chunk.1a2b.js': `/* chunk of ${name} */`,
    'static/main.css': 'body{}',
  });
/** The request `npm run release -- publish` sends, for tests that send it themselves. */
const upload = (remote, version, name) =>
  fetch(`${service.url}/v1/remotes/${remote}/releases/${version}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[remote]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      by: 'ci',
      files: {
        'mf-manifest.json': Buffer.from(JSON.stringify({ name })).toString('base64'),
        'remoteEntry.js': Buffer.from(`/* ${name} */`).toString('base64'),
      },
    }),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

test('a build published with a URL and a token lands in the bucket and is served from it: types, cache headers, ETag and 304', async () => {
  const published = await release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1'));
  const manifestUrl = `${service.url}/files/mf-catalog/v1/mf-manifest.json`;
  assert.equal(published, `published ${manifestUrl}`);
  // In the bucket, under <remote folder>/<version>/, and nowhere on the service's disk.
  assert.equal(await objectText('mf-catalog/v1/static/chunk.1a2b.js'), '/* chunk of v1 */');
  assert.deepEqual(readdirSync(work).sort(), ['bucket', 'builds', 'db']);

  const manifest = await fetch(manifestUrl);
  assert.equal(manifest.status, 200);
  assert.equal(manifest.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await manifest.json(), { metaData: { buildInfo: { buildVersion: 'v1' } } });
  const etag = manifest.headers.get('etag');
  assert.match(etag, /^"[0-9a-f]{32}"$/);
  // The page services and browsers revalidate the manifest: unchanged, a 304 without a body.
  const again = await fetch(manifestUrl, { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get('etag'), etag);
  assert.equal(await again.text(), '');

  const chunk = await fetch(`${service.url}/files/mf-catalog/v1/static/chunk.1a2b.js`);
  assert.equal(chunk.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(await chunk.text(), '/* chunk of v1 */');
  const css = await fetch(`${service.url}/files/mf-catalog/v1/static/main.css`, { method: 'HEAD' });
  assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
  assert.equal(css.headers.get('content-length'), '6');

  // The database says what is published: point and list work without a folder.
  assert.match(await release('mf_catalog', 'point', 'mf-catalog', 'v1'), /^mf-catalog → v1 \(/);
  assert.equal((await (await fetch(`${service.url}/v1/pointers`)).json()).remotes.mf_catalog.url, manifestUrl);
  await assert.rejects(release('mf_catalog', 'point', 'mf-catalog', 'v2'), /release mf-catalog\/v2 is not published/);
});

test('a version is never overwritten: a second publish is 409, two at once leave one whole build', async () => {
  await release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1'));
  await assert.rejects(
    release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('other')),
    /release mf-catalog\/v1 exists: releases are immutable, publish a new version/,
  );
  assert.equal(await objectText('mf-catalog/v1/remoteEntry.js'), '/* v1 */');

  const both = await Promise.all([upload('mf_player', 'p1', 'first'), upload('mf_player', 'p1', 'second')]);
  const statuses = both.map((answer) => answer.status).sort();
  assert.deepEqual(statuses, [201, 409]);
  const refused = both.find((answer) => answer.status === 409);
  assert.deepEqual(refused.body, { detail: 'release mf-player/p1 exists: releases are immutable, publish a new version' });
  // The manifest and the entry come from the same publish.
  const winner = both.find((answer) => answer.status === 201) === both[0] ? 'first' : 'second';
  assert.deepEqual(JSON.parse(await objectText('mf-player/p1/mf-manifest.json')), { name: winner });
  assert.equal(await objectText('mf-player/p1/remoteEntry.js'), `/* ${winner} */`);

  // Objects already in the bucket under a version the database never saw (a bucket shared with
  // another database): refused too, and left as they were.
  const bucket = releaseFiles.s3ReleaseFiles(bucketSettings());
  await bucket.put('mf-player/p2/mf-manifest.json', Buffer.from('{"name":"elsewhere"}'), {
    contentType: 'application/json',
    cacheControl: 'no-cache',
  });
  assert.equal((await upload('mf_player', 'p2', 'mine')).status, 409);
  assert.equal(await objectText('mf-player/p2/mf-manifest.json'), '{"name":"elsewhere"}');
});

test('a file the bucket does not hold is a 404 in the error shape, not a 500', async () => {
  await release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1'));
  for (const missing of ['mf-catalog/v1/static/nope.js', 'mf-catalog/v9/mf-manifest.json', 'mf-nothing/v1/a.js']) {
    const res = await fetch(`${service.url}/files/${missing}`);
    assert.equal(res.status, 404, missing);
    assert.deepEqual(await res.json(), { detail: 'no such file' });
  }
  assert.equal((await fetch(`${service.url}/files/mf-catalog/v1/../../x`)).status, 404);
});

test('a bucket that stops answering: 503 with a clear message and Retry-After; the failed publish gives its version back', async () => {
  await release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1'));
  await s3.close();
  s3 = null;

  const file = await fetch(`${service.url}/files/mf-catalog/v1/mf-manifest.json`);
  assert.equal(file.status, 503);
  assert.equal(file.headers.get('retry-after'), '30');
  assert.deepEqual(await file.json(), { detail: 'the release files cannot be reached right now: try again in a minute' });
  const publish = await upload('mf_catalog', 'v2', 'v2');
  assert.equal(publish.status, 503);
  assert.deepEqual(publish.body, { detail: 'the release files cannot be reached right now: try again in a minute' });
  // Pointers are in the database: they keep being served.
  assert.equal((await fetch(`${service.url}/v1/pointers`)).status, 200);

  ({ server: s3 } = await startS3(s3Port));
  // Nothing of v2 was recorded, and its name is free again.
  assert.equal((await upload('mf_catalog', 'v2', 'v2')).status, 201);
  assert.equal(await objectText('mf-catalog/v2/remoteEntry.js'), '/* v2 */');
});

test('the service refuses to start on a bucket it cannot use, naming it', async () => {
  await assert.rejects(
    startReleaseService({ store, bucket: releaseFiles.s3ReleaseFiles(bucketSettings({ S3_BUCKET: 'no-such-bucket' })) }),
    new RegExp(`RELEASE_FILES_STORAGE=s3: cannot use bucket "no-such-bucket" at http://127.0.0.1:${s3Port}: it does not exist`),
  );
  assert.throws(
    () => filesSettingsOf({ RELEASE_FILES_STORAGE: 's3' }),
    /RELEASE_FILES_STORAGE=s3 needs S3_BUCKET: the bucket that keeps the published builds/,
  );
  assert.throws(() => filesSettingsOf({ RELEASE_FILES_STORAGE: 'nfs' }), /RELEASE_FILES_STORAGE must be fs or s3, got "nfs"/);
  assert.equal(filesSettingsOf({}), null);
});

test('prune deletes old releases from the bucket once recorded; a pruned version is never published again', async () => {
  for (const version of ['v1', 'v2', 'v3'])
    await release('mf_catalog', 'publish', 'mf-catalog', version, '--from', build(version));
  await release('mf_catalog', 'point', 'mf-catalog', 'v2');
  await release('mf_catalog', 'point', 'mf-catalog', 'v3');
  // v3 is live and v2 is where rollback goes: only v1 goes.
  assert.match(await release('mf_catalog', 'prune', 'mf-catalog', '0'), /v1/);
  assert.equal(await objectText('mf-catalog/v1/mf-manifest.json'), null);
  assert.equal(await objectText('mf-catalog/v1/static/chunk.1a2b.js'), null);
  assert.equal((await objectText('mf-catalog/v2/mf-manifest.json')) !== null, true);
  await assert.rejects(release('mf_catalog', 'point', 'mf-catalog', 'v1'), /not published/);
  // Its URLs were cached as immutable: the name stays taken.
  await assert.rejects(
    release('mf_catalog', 'publish', 'mf-catalog', 'v1', '--from', build('v1b')),
    /exists: releases are immutable/,
  );
  const listed = await release('mf_catalog', 'list', 'mf-catalog');
  assert.match(listed, /v3/);
  assert.doesNotMatch(listed, /v1/);
});
