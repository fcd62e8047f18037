// A canary that fails in the browser, visits that report it, and the watcher that must abort it
// (decision 0047): what the automatic-rollback tests on the Node server and through nginx share.
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, installOfflineRoutes } from '../fixtures';
import { release } from './cohorts';
import { ROOT, run } from './servers';

/**
 * The catalogue's build copied into `folder` as another build (its own build id) whose entry
 * throws as it runs: the catalogue cannot start, which the shell reports as the catalogue's error
 * under this build's id (a script error of another origin would be the shell's).
 */
export function throwingCatalogueBuild(folder: string, buildId: string): string {
  cpSync(path.join(ROOT, 'mf-catalog', 'dist'), folder, { recursive: true });
  const manifestFile = path.join(folder, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData: { buildInfo: { buildVersion: string } } };
  manifest.metaData.buildInfo.buildVersion = buildId;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const entry = path.join(folder, 'remoteEntry.js');
  writeFileSync(entry, `throw new Error("canary build fault");\n${readFileSync(entry, 'utf8')}`);
  run(process.execPath, ['scripts/precompress.mjs', folder]);
  return folder;
}

let visits = 0;

/**
 * One visit of Home in a fresh browser of the given cohort: the page loads, the telemetry sender
 * starts (10 s after start-up: the page's clock is moved on) and leaving the page sends what it saw.
 * Each visit is another client: the watcher counts distinct client addresses, and every browser
 * here shares one, so each names its own (198.18.0.0/15, for tests) as a proxy in front would
 * (the page service trusts loopback's X-Forwarded-For; the topology's nginx takes it as the
 * client's address).
 */
export async function reportingVisit(browser: Browser, site: string, cohort: string): Promise<void> {
  visits += 1;
  const address = `198.18.${(process.pid + visits) % 256}.${visits % 250}`;
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await installOfflineRoutes(context);
  try {
    await context.addCookies([{ name: 'portal_cohort', value: cohort, url: site }]);
    const page = await context.newPage();
    let sent = false;
    page.on('request', (request) => {
      if (request.url() === `${site}/__telemetry` && request.method() === 'POST') sent = true;
    });
    await page.clock.install();
    // The canary's visitors see the catalogue's fallback ("taking a break"), the others Home.
    await page.goto(`${site}/`, { waitUntil: 'load' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.clock.runFor(12_000);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
          return sent;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  } finally {
    await context.close();
  }
}

/** The catalogue's live release and running canary, as `release status` reports them. */
export function catalogueStatus(env: Record<string, string>): { live: string | null; canary: string | null } {
  const report = JSON.parse(release(env, 'status', 'mf_catalog', '--json')) as {
    remotes: { canary: { id: string } | null; live: { version: string } | null }[];
  };
  return { live: report.remotes[0]?.live?.version ?? null, canary: report.remotes[0]?.canary?.id ?? null };
}

/**
 * Runs `npm run release -- watch --interval 2 --min-views 8 <watchArgs>` on the releases of `env`
 * while visitors of the catalogue canary's two cohorts, in turn, report to `site`, until the
 * watcher has aborted the canary, which it must within `withinMs` of its start. Returns how long
 * that took, the canary's cohort id and what the watcher printed; the watcher is stopped.
 */
export async function watchUntilAborted(
  browser: Browser,
  { site, env, watchArgs = [], withinMs }: { site: string; env: Record<string, string>; watchArgs?: string[]; withinMs: number },
): Promise<{ tookMs: number; canaryId: string; log: string }> {
  const canaryId = catalogueStatus(env).canary ?? '';
  expect(canaryId, 'a catalogue canary runs').not.toBe('');
  const log: string[] = [];
  const watcher = spawn(process.execPath, ['scripts/release.mjs', 'watch', '--interval', '2', '--min-views', '8', ...watchArgs], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  watcher.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  watcher.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  try {
    const started = Date.now();
    // Each visit takes a few seconds.
    for (let i = 0; i < 30 && catalogueStatus(env).canary; i += 1) {
      await reportingVisit(browser, site, `${canaryId}.c`);
      await reportingVisit(browser, site, `${canaryId}.s`);
    }
    await expect
      .poll(() => catalogueStatus(env).canary, { timeout: Math.max(1_000, withinMs - (Date.now() - started)) })
      .toBeNull();
    const tookMs = Date.now() - started;
    expect(tookMs, log.join('')).toBeLessThan(withinMs);
    return { tookMs, canaryId, log: log.join('') };
  } finally {
    watcher.kill('SIGTERM');
  }
}

/** The last line of a releases folder's history is the watcher's abort of `release`, with its figures. */
export function expectWatcherAbort(releasesDir: string, release: string, buildId: string): void {
  const history = readFileSync(path.join(releasesDir, 'history.jsonl'), 'utf8').trim().split('\n');
  expectWatcherAbortEntry(JSON.parse(history.at(-1) ?? '{}'), release, buildId);
}

/** A history line (a releases folder's or the release service's) is the watcher's abort of `release`, with its figures. */
export function expectWatcherAbortEntry(entry: unknown, release: string, buildId: string): void {
  const line = entry as {
    action: string;
    release: string;
    by: string;
    why: string;
    watch: { canary: { build: string; errors: number }; stable: { errors: number } | null };
  };
  expect(line.action).toBe('abort');
  expect(line.release).toBe(release);
  expect(line.by).toMatch(/^release watch@/);
  expect(line.why).toMatch(/^automatic: canary error rate \d+\.\d % (vs stable \d+\.\d % )?over \d+/);
  expect(line.watch.canary.build).toBe(buildId);
  expect(line.watch.canary.errors).toBeGreaterThanOrEqual(8);
  expect(line.watch.stable?.errors).toBe(0);
}
