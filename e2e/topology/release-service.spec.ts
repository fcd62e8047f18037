// The release service as each remote team's CI meets it (decision 0062): a process that holds
// only the service's URL and its team's token (no releases folder, no shell on a host) publishes
// and points; both page services follow within 5 s. A catalogue token cannot point the player
// (403, recorded), and two pointer changes at the same moment are both kept, or one is refused by
// name when both were decided on the same version. The topology's page services always poll the
// service: `npm run test:nginx -- topology/release-service.spec.ts`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { steersReleases } from '../support/release-service';
import { ROOT } from '../support/servers';

const serviceUrl = process.env.E2E_RELEASE_API_URL ?? '';
const pageServices = JSON.parse(process.env.E2E_PAGE_SERVICES ?? '[]') as string[];
const site = process.env.E2E_BASE_URL ?? '';
const tokens = (): Record<string, string> =>
  JSON.parse(readFileSync(process.env.E2E_RELEASE_TOKENS ?? '', 'utf8')) as Record<string, string>;
/** Unique per run: releases are immutable, and the service keeps them for the whole topology run. */
const run = Date.now().toString(36);

// The specs after this one see the site as it was: every remote unpointed again.
steersReleases({});

/** A team's CI job: `npm run release -- …` with the URL and its token, nothing else of this machine's set-up. */
function teamCi(remote: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'release.mjs'), ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        RELEASE_API_URL: serviceUrl,
        RELEASE_TOKEN: tokens()[remote] ?? '',
        RELEASE_BY: `${remote} CI`,
        // The topology's throw-away certificate (a real one needs nothing).
        NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const manifestOf = (folder: string, version: string) => `${serviceUrl}/files/${folder}/${version}/mf-manifest.json`;
const remoteUrlAt = async (base: string, remote: string): Promise<string | undefined> =>
  ((await (await fetch(`${base}/config.json`)).json()) as { remotes: Record<string, string> }).remotes[remote];

async function expectEverywhere(remote: string, url: string, started: number): Promise<void> {
  for (const base of [...pageServices, site])
    await expect
      .poll(() => remoteUrlAt(base, remote), { timeout: Math.max(500, 5_000 - (Date.now() - started)), intervals: [100] })
      .toBe(url);
  expect(Date.now() - started).toBeLessThan(5_000);
}

test('a team’s CI publishes and points with only a URL and a token; both page services follow within 5 s', async () => {
  const version = `ci-${run}`;
  const published = await teamCi('mf_catalog', 'publish', 'mf_catalog', version, '--from', 'mf-catalog/dist');
  expect(published.code, published.output).toBe(0);
  expect(published.output).toContain(`published ${manifestOf('mf-catalog', version)}`);
  // The build is served by the service itself, as the browsers and page services fetch it.
  const manifest = await fetch(manifestOf('mf-catalog', version));
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  // From the topology's bucket (decision 0068): the service keeps no files on its disk.
  const inBucket = await fetch(`${process.env.E2E_RELEASE_OBJECTS ?? ''}mf-catalog/${version}/mf-manifest.json`);
  expect(inBucket.status).toBe(200);
  expect(await inBucket.text()).toBe(await manifest.text());
  expect(readdirSync(process.env.E2E_RELEASE_SERVICE_DIR ?? '').sort()).toEqual([
    'data',
    'release-site-token',
    'release-tokens.json',
    'tls',
  ]);

  const again = await teamCi('mf_catalog', 'publish', 'mf_catalog', version, '--from', 'mf-catalog/dist');
  expect(again.code, again.output).toBe(3);
  expect(again.output).toContain('releases are immutable');

  const pointed = await teamCi('mf_catalog', 'point', 'mf_catalog', version, '--why', 'ci deploy');
  const started = Date.now();
  expect(pointed.code, pointed.output).toBe(0);
  await expectEverywhere('mf_catalog', manifestOf('mf-catalog', version), started);
});

test('a catalogue token cannot point the player: 403, recorded, and the player’s pointer untouched', async () => {
  const version = `ci-${run}`;
  const published = await teamCi('mf_player', 'publish', 'mf_player', version, '--from', 'mf-player/dist');
  expect(published.code, published.output).toBe(0);
  const before = await remoteUrlAt(pageServices[0] ?? '', 'mf_player');
  const history = async () =>
    (await (
      await fetch(`${serviceUrl}/v1/history?remote=mf_player`, { headers: { authorization: `Bearer ${tokens().mf_player}` } })
    ).json()) as { changes: { action: string }[]; refusals: { action: string; tokenRemote: string }[] };
  const changesBefore = (await history()).changes;

  const refused = await teamCi('mf_catalog', 'point', 'mf_player', version);
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/may change mf_catalog only, not mf_player \(HTTP 403/);
  const after = await history();
  expect(after.refusals.at(-1)).toMatchObject({ action: 'point', tokenRemote: 'mf_catalog' });
  // Nothing of the player's changed: no line added to its history, its pointer where it was.
  expect(after.changes).toEqual(changesBefore);
  expect(await remoteUrlAt(pageServices[0] ?? '', 'mf_player')).toBe(before);
});

test('two pointer changes at the same moment: both kept; decided on the same version, one is refused by name', async () => {
  const version = `ci-${run}`;
  const next = `ci2-${run}`;
  const published = await teamCi('mf_catalog', 'publish', 'mf_catalog', next, '--from', 'mf-catalog/dist');
  expect(published.code, published.output).toBe(0);
  // Each team points its own remote at the same moment (the player's build is the test's above).
  const [catalogue, player] = await Promise.all([
    teamCi('mf_catalog', 'point', 'mf_catalog', next),
    teamCi('mf_player', 'point', 'mf_player', version),
  ]);
  const started = Date.now();
  expect(catalogue.code, catalogue.output).toBe(0);
  expect(player.code, player.output).toBe(0);
  await expectEverywhere('mf_catalog', manifestOf('mf-catalog', next), started);
  await expectEverywhere('mf_player', manifestOf('mf-player', version), started);

  // Two catalogue jobs that both looked at the same `status`: the second to arrive is refused.
  const status = JSON.parse((await teamCi('mf_catalog', 'status', '--json')).output) as { version: number };
  const both = await Promise.all([
    teamCi('mf_catalog', 'rollback', 'mf_catalog', '--expect', String(status.version)),
    teamCi('mf_catalog', 'point', 'mf_catalog', version, '--expect', String(status.version)),
  ]);
  expect(both.map((r) => r.code).sort()).toEqual([0, 3]);
  expect(both.find((r) => r.code === 3)?.output).toMatch(
    new RegExp(
      `refused: you expected the pointers at version ${status.version}, they are at version ${status.version + 1}: (rollback|point) mf_catalog`,
    ),
  );
  // Either way the catalogue is back on the first release, once.
  await expectEverywhere('mf_catalog', manifestOf('mf-catalog', version), Date.now());
});
