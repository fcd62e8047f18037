// Canary cohorts seen from fresh browser contexts (decision 0046), cheaply: a context's own
// request API shares its cookie jar, so each "visitor" costs a request, not a page load.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import registry from '../../parts.json';
import { ROOT, run } from './servers';

/** The catalogue releases a page or config names (`…/mf-catalog/<release>/…`), each once. */
export function catalogueReleases(text: string): string[] {
  return [...new Set([...text.matchAll(/\/mf-catalog\/([A-Za-z0-9._-]+)\//g)].map((match) => match[1] ?? ''))].sort();
}

/** What a page names when its catalogue is the config file's, not a published release. */
export const CONFIG_RELEASE = 'config-file';

/** The one release a page names for the catalogue; fails on a page that mixes two. */
export async function releaseSeen(context: BrowserContext, url: string): Promise<string> {
  const response = await context.request.get(url, { headers: { Accept: 'text/html' } });
  if (!response.ok()) throw new Error(`${url}: ${response.status()}`);
  const releases = catalogueReleases(await response.text());
  if (releases.length > 1) throw new Error(`${url} mixes catalogue releases: ${releases.join(', ')}`);
  return releases[0] ?? CONFIG_RELEASE;
}

/** The release /config.json names for this context's catalogue. */
export async function configRelease(context: BrowserContext, site: string): Promise<string> {
  const config = (await (await context.request.get(`${site}/config.json`)).json()) as { remotes: Record<string, string> };
  return catalogueReleases(config.remotes.mf_catalog ?? '')[0] ?? CONFIG_RELEASE;
}

export interface Visitor {
  context: BrowserContext;
  release: string;
}

/** `count` fresh contexts, each having asked for `url` once (and so been drawn). */
export async function freshVisitors(browser: Browser, url: string, count: number): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  for (let i = 0; i < count; i += 1) {
    const context = await browser.newContext();
    visitors.push({ context, release: await releaseSeen(context, url) });
  }
  return visitors;
}

export const closeAll = (visitors: Visitor[]) => Promise.all(visitors.map(({ context }) => context.close()));

/** `npm run release -- …` against a releases folder; returns what it printed. */
export const release = (env: Record<string, string>, ...args: string[]): string =>
  run(process.execPath, ['scripts/release.mjs', ...args], { env });

/**
 * `npm run release -- …` as a process of its own, without waiting for it (two started together
 * take the pointers' lock in turn): resolves with its exit code and what it printed.
 */
export const releaseProcess = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/release.mjs', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });

/**
 * `publish` of a remote's release unless that release is already there (releases are immutable,
 * and a retried spec finds the ones its first attempt published in the same releases folder).
 */
export function publishOnce(env: Record<string, string>, container: string, version: string, ...args: string[]): void {
  const folder = registry.remotes.find((remote) => remote.container === container)?.folder ?? container;
  if (!existsSync(path.join(env.RELEASES_DIR ?? '', folder, version, 'mf-manifest.json')))
    release(env, 'publish', container, version, ...args);
}

/** The running canary's cohort id of a remote, from `status --json`. */
export function canaryId(env: Record<string, string>, remote = 'mf_catalog'): string {
  const report = JSON.parse(release(env, 'status', remote, '--json')) as { remotes: { canary: { id: string } | null }[] };
  return report.remotes[0]?.canary?.id ?? '';
}
