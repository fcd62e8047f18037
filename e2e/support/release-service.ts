// The topology's release service (decision 0062) as each remote's team and the site's canary
// watcher meet it: `npm run release` with RELEASE_API_URL and one token, nothing of this host
// (scripts/topology/run.mjs passes the service's URL, the teams' tokens file and the site's token
// file). The page services poll it; no releases folder is shared with anyone.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import registry from '../../parts.json';
import { expect, test } from '../fixtures';
import { ROOT } from './servers';

export const serviceUrl = process.env.E2E_RELEASE_API_URL ?? '';
const site = process.env.E2E_BASE_URL ?? '';
const RELEASE = path.join(ROOT, 'scripts', 'release.mjs');

/** The site's own token (every remote: the canary watcher, an operator). */
export const SITE = '*';

/** A token's public id (`rel_<id>_<secret>`), as the history names who vouched for a change. */
export const tokenId = (token: string): string => /^rel_([0-9a-f]+)_/.exec(token)?.[1] ?? '';

export function tokenOf(remote: string): string {
  if (remote === SITE) return readFileSync(process.env.E2E_RELEASE_SITE_TOKEN ?? '', 'utf8').trim();
  const tokens = JSON.parse(readFileSync(process.env.E2E_RELEASE_TOKENS ?? '', 'utf8')) as Record<string, string>;
  return tokens[remote] ?? '';
}

/** A CI job's whole environment: the service's URL and `remote`'s token (and its certificate, a throw-away one). */
export function ciEnv(remote: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    RELEASE_API_URL: serviceUrl,
    RELEASE_TOKEN: tokenOf(remote),
    ...(remote === SITE ? {} : { RELEASE_BY: `${remote} CI` }),
    NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '',
  };
}

/** `npm run release -- …` as `remote`'s CI job; returns what it printed, throws when it fails. */
export function teamRelease(remote: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [RELEASE, ...args], { cwd: ROOT, encoding: 'utf8', env: ciEnv(remote) });
  if (result.status !== 0) throw new Error(`release ${args.join(' ')} (${remote}) exited ${result.status}:\n${result.stderr}`);
  return result.stdout;
}

/** The same as a process of its own, not waited for: its exit code and what it printed. */
export const teamReleaseProcess = (remote: string, ...args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [RELEASE, ...args], { cwd: ROOT, env: ciEnv(remote) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });

const folderOf = (container: string) => registry.remotes.find((remote) => remote.container === container)?.folder ?? container;

/** Where the service serves a published release's manifest (what pages and /config.json name). */
export const manifestOf = (container: string, version: string) =>
  `${serviceUrl}/files/${folderOf(container)}/${version}/mf-manifest.json`;

/**
 * Publishes a release by its team unless the service has it already (releases are immutable, and
 * the service keeps them for the whole topology run: a retried spec finds its first attempt's).
 */
export async function publishOnce(container: string, version: string, ...args: string[]): Promise<void> {
  const head = await fetch(manifestOf(container, version), { method: 'HEAD' });
  if (head.ok) return;
  teamRelease(container, 'publish', container, version, ...args);
}

/** A remote's history lines in the service (newest last), read with its team's token. */
export async function historyOf(container: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${serviceUrl}/v1/history?remote=${container}`, {
    headers: { authorization: `Bearer ${tokenOf(container)}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { changes: Record<string, unknown>[] }).changes;
}

/** Whether the site still loads anything from the release service: its config, or a page. */
async function siteNamesService(): Promise<boolean> {
  const answers = await Promise.all(
    ['/config.json', '/all-games'].map(async (where) =>
      (await fetch(`${site}${where}`, { headers: { Accept: 'text/html' } })).text(),
    ),
  );
  return answers.some((text) => text.includes(serviceUrl));
}

/**
 * For a spec that publishes and steers releases through nginx (skipped unless run by `npm run
 * test:nginx`): before its tests, `prepare()` (its publishes); after them, `restore()` (what else
 * the spec changed), then each remote's team ends its canary and unpoints it (the history keeps
 * all of it), and once the site no longer names the service, the next spec sees the site as it was.
 */
export function steersReleases({
  prepare = () => undefined,
  restore = () => undefined,
}: {
  prepare?: () => Promise<void> | void;
  restore?: () => void;
}): void {
  test.beforeAll(async () => {
    test.skip(!serviceUrl, 'run through npm run test:nginx (its page services poll the release service)');
    await prepare();
  });
  test.afterAll(async () => {
    restore();
    if (!serviceUrl) return;
    const pointers = (await (await fetch(`${serviceUrl}/v1/pointers`)).json()) as {
      remotes: Record<string, { version?: string; canary?: unknown }>;
    };
    for (const [remote, pointer] of Object.entries(pointers.remotes)) {
      if (pointer.canary) teamRelease(remote, 'abort', remote, '--why', 'topology test: the next spec starts clean');
      if (pointer.version) teamRelease(remote, 'unpoint', remote, '--why', 'topology test: the next spec starts clean');
    }
    await expect.poll(siteNamesService, { timeout: 10_000, intervals: [100] }).toBe(false);
  });
}
