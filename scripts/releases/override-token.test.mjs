// Preview override tokens: what the page service accepts (page-service/src/builds/override-token.ts)
// and what `npm run release -- override-token` issues and records (never the token itself).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { originAllowed, parseTtl, signOverride, verifyOverride } from '../../page-service/src/builds/override-token.ts';
import { issueOverride, main, revokeOverride, status } from '../release.mjs';
import { historyPath } from './pointer-store.mjs';

const SECRET = 's'.repeat(32);
const URL_V2 = 'https://cdn.test/mf-catalog/v2/mf-manifest.json';
let work;
let env;

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'override-test-'));
  env = { RELEASES_DIR: work, RELEASES_URL: 'https://cdn.test', RELEASE_OVERRIDE_SECRET: SECRET };
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

test('a token verifies with its secret until it expires, and never when forged, altered or signed with another secret', () => {
  const now = Date.parse('2026-11-24T20:00:00Z');
  const token = signOverride({ remote: 'mf_catalog', url: URL_V2, exp: now + 60_000 }, SECRET);
  assert.deepEqual(
    { ...verifyOverride(token, SECRET, now), id: 'x' },
    { remote: 'mf_catalog', url: URL_V2, exp: now + 60_000, id: 'x' },
  );
  assert.equal(verifyOverride(token, SECRET, now + 60_000), null, 'expired');
  assert.equal(verifyOverride(token, 't'.repeat(32), now), null, 'another secret');
  assert.equal(verifyOverride(token, null, now), null, 'overrides off');
  const [prefix, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const altered = Buffer.from(JSON.stringify({ ...claims, url: 'https://evil.test/mf-manifest.json' })).toString('base64url');
  assert.equal(verifyOverride(`${prefix}.${altered}.${signature}`, SECRET, now), null, 'URL changed');
  const later = Buffer.from(JSON.stringify({ ...claims, exp: now + 86_400_000 })).toString('base64url');
  assert.equal(verifyOverride(`${prefix}.${later}.${signature}`, SECRET, now), null, 'expiry moved');
  for (const bad of ['', 'v1', 'v1..', `v2.${payload}.${signature}`, `${token}.x`, 'x'.repeat(3000)])
    assert.equal(verifyOverride(bad, SECRET, now), null, bad.slice(0, 20));
});

test('ttl and allow-list rules', () => {
  assert.equal(parseTtl('2h'), 7_200_000);
  assert.equal(parseTtl('90s'), 90_000);
  assert.equal(parseTtl('0h'), null);
  assert.equal(parseTtl('2 hours'), null);
  assert.equal(originAllowed(URL_V2, ['https://cdn.test']), true);
  assert.equal(originAllowed(URL_V2, ['https://cdn.test/']), true);
  assert.equal(originAllowed('https://cdn.test.evil/x/mf-manifest.json', ['https://cdn.test']), false);
  assert.equal(originAllowed('http://cdn.test/x/mf-manifest.json', ['https://cdn.test']), false);
  assert.equal(originAllowed(URL_V2, undefined), false);
  assert.equal(originAllowed('javascript:alert(1)', ['https://cdn.test']), false);
});

test('issuing records who, why, remote, URL and expiry in the history, never the token; status lists those not expired', async () => {
  const now = Date.now();
  const issued = await issueOverride('mf-catalog', URL_V2, { env, by: 'tess', why: 'try the new search', ttl: '2h', now });
  assert.equal(verifyOverride(issued.token, SECRET)?.url, URL_V2);
  assert.equal(issued.expiresAt, new Date(now + 7_200_000).toISOString());
  await issueOverride('mf_catalog', 'https://cdn.test/mf-catalog/v3/mf-manifest.json', {
    env,
    by: 'tess',
    ttl: '1m',
    now: now - 120_000, // expired a minute ago
  });
  const history = readFileSync(historyPath(work), 'utf8');
  assert.equal(history.includes(issued.token), false);
  assert.equal(history.includes(issued.token.split('.')[2]), false);
  const [line] = history
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    {
      action: line.action,
      remote: line.remote,
      id: line.id,
      url: line.url,
      expiresAt: line.expiresAt,
      by: line.by,
      why: line.why,
    },
    {
      action: 'override-token',
      remote: 'mf_catalog',
      id: issued.id,
      url: URL_V2,
      expiresAt: issued.expiresAt,
      by: 'tess',
      why: 'try the new search',
    },
  );
  const catalog = status({ env, remote: 'mf_catalog' }).remotes[0];
  assert.deepEqual(
    catalog.overrides.map((o) => [o.id, o.url, o.by]),
    [[issued.id, URL_V2, 'tess']],
  );
  assert.match(
    await main(['status', 'mf_catalog'], env),
    new RegExp(`override +${issued.id} → ${URL_V2.replace(/\./g, '\\.')} until`),
  );
});

test('issuing refuses without a secret, a bad URL or TTL, and an unknown remote', async () => {
  await assert.rejects(
    issueOverride('mf_catalog', URL_V2, { env: { ...env, RELEASE_OVERRIDE_SECRET: '' } }),
    /set RELEASE_OVERRIDE_SECRET/,
  );
  // Read as the page services read it: a key too short to sign with is refused.
  await assert.rejects(
    issueOverride('mf_catalog', URL_V2, { env: { ...env, RELEASE_OVERRIDE_SECRET: 'short' } }),
    /RELEASE_OVERRIDE_SECRET must be at least 32 characters/,
  );
  await assert.rejects(issueOverride('mf_catalog', 'ftp://x/y', { env }), /not an http\(s\) manifest URL/);
  await assert.rejects(issueOverride('mf_catalog', URL_V2, { env, ttl: '8d' }), /at most 7d/);
  await assert.rejects(issueOverride('mf_catalog', URL_V2, { env, ttl: 'soon' }), /--ttl is a whole number/);
  await assert.rejects(issueOverride('mf_nothing', URL_V2, { env }), /no remote named mf_nothing/);
  const out = await main(['override-token', 'mf-catalog', URL_V2, '--ttl', '30m', '--by', 'tess'], env);
  const [token, explained] = out.split('\n');
  assert.equal(verifyOverride(token, SECRET)?.remote, 'mf_catalog');
  assert.match(explained, /mf_catalog → https:\/\/cdn\.test\/mf-catalog\/v2\/mf-manifest\.json until .*\?portal-override=/);
});

test('revoke-override ends one live override: its id in current.json until it would expire, a history line, gone from status', async () => {
  const now = Date.now();
  const leaked = await issueOverride('mf_catalog', URL_V2, { env, by: 'tess', ttl: '2h', now });
  const kept = await issueOverride('mf_catalog', URL_V2, { env, by: 'tess', ttl: '2h', now });
  const out = await main(['revoke-override', 'mf-catalog', leaked.id, '--by', 'ops', '--why', 'link posted in chat'], env);
  assert.match(out, new RegExp(`override ${leaked.id} \\(mf_catalog → .*\\) revoked`));

  const pointers = JSON.parse(readFileSync(path.join(work, 'current.json'), 'utf8'));
  assert.deepEqual(pointers.remotes.mf_catalog.revokedOverrides, { [leaked.id]: leaked.expiresAt });
  const line = JSON.parse(readFileSync(historyPath(work), 'utf8').trim().split('\n').at(-1));
  assert.deepEqual([line.action, line.id, line.by, line.why], ['revoke-override', leaked.id, 'ops', 'link posted in chat']);
  assert.deepEqual(
    status({ env, remote: 'mf_catalog' }).remotes[0].overrides.map((o) => o.id),
    [kept.id],
  );

  // Twice, an unknown id, another remote's: refused, saying why; nothing written.
  for (const [remote, id] of [
    ['mf_catalog', leaked.id],
    ['mf_catalog', 'nosuchid'],
    ['mf_player', kept.id],
  ])
    await assert.rejects(main(['revoke-override', remote, id], env), new RegExp(`has no override ${id} that is still valid`));
  // Expired revocations are dropped as the next one is written.
  const soon = await issueOverride('mf_catalog', URL_V2, { env, ttl: '1m', now: now - 30_000 });
  await revokeOverride('mf_catalog', soon.id, { env, now });
  await revokeOverride('mf_catalog', kept.id, { env, now: now + 60_000 });
  const later = JSON.parse(readFileSync(path.join(work, 'current.json'), 'utf8')).remotes.mf_catalog.revokedOverrides;
  assert.deepEqual(Object.keys(later).sort(), [leaked.id, kept.id].sort());
});
