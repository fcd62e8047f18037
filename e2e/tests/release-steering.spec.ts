// Release steering on the Node page service (decision 0041): a canary by share with sticky cohorts,
// promote and abort, preview override tokens, concurrent pointer changes, and the watcher aborting
// a canary that throws in the browser. The page service runs as its own process on a releases
// folder of this test; `npm run release` (scripts/release.mjs) steers it as an operator would.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, installOfflineRoutes, test } from '../fixtures';
import { ROOT, run, serveFolder, servePages } from '../support/servers';

const SECRET = 'e2e-release-override-secret-0123456789abcdef';
const CATALOG_DIST = path.join(ROOT, 'mf-catalog', 'dist');
const BROKEN_BUILD = '1.0.0+e2ebroken';

test.describe.configure({ mode: 'serial' });

let work: string;
let releases: string;
let site: string;
let releasesUrl: string;
let previewUrl: string;
let env: Record<string, string>;
const stops: (() => void)[] = [];

const release = (...args: string[]) => run(process.execPath, ['scripts/release.mjs', ...args, '--by', 'e2e'], { env });
const manifestOf = (version: string) => `${releasesUrl}/mf-catalog/${version}/mf-manifest.json`;

test.beforeAll(async ({ ports, apiUrl }) => {
  test.setTimeout(120_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-steering-'));
  releases = path.join(work, 'releases');
  const releasesPort = ports.api + 87;
  const previewPort = ports.api + 88;
  const sitePort = ports.api + 89;
  releasesUrl = `http://localhost:${releasesPort}`;
  previewUrl = `http://localhost:${previewPort}/mf-manifest.json`;
  site = `http://localhost:${sitePort}`;
  env = { RELEASES_DIR: releases, RELEASES_URL: releasesUrl, RELEASE_OVERRIDE_SECRET: SECRET };

  // v1 and v2: the catalogue's build under two release names. v3: a build whose remoteEntry.js
  // throws as it runs, with its own build id (what telemetry names it by).
  release('publish', 'mf-catalog', 'v1');
  release('publish', 'mf-catalog', 'v2');
  const broken = path.join(work, 'broken');
  cpSync(CATALOG_DIST, broken, { recursive: true });
  for (const suffix of ['.br', '.gz']) rmSync(path.join(broken, `remoteEntry.js${suffix}`), { force: true });
  for (const suffix of ['.br', '.gz']) rmSync(path.join(broken, `mf-manifest.json${suffix}`), { force: true });
  writeFileSync(
    path.join(broken, 'remoteEntry.js'),
    `throw new Error('canary broken on purpose');\n${readFileSync(path.join(broken, 'remoteEntry.js'), 'utf8')}`,
  );
  const manifest = JSON.parse(readFileSync(path.join(broken, 'mf-manifest.json'), 'utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
  };
  manifest.metaData.buildInfo.buildVersion = BROKEN_BUILD;
  writeFileSync(path.join(broken, 'mf-manifest.json'), JSON.stringify(manifest));
  release('publish', 'mf-catalog', 'v3', '--from', broken);
  release('point', 'mf-catalog', 'v1', '--why', 'first release');

  // A preview build of the catalogue on another origin, allowed by the site's config.
  const configFile = path.join(work, 'config.json');
  const config = JSON.parse(readFileSync(path.join(ROOT, 'shell', 'dist', 'config.json'), 'utf8')) as object;
  writeFileSync(configFile, JSON.stringify({ ...config, releaseOverrideOrigins: [`http://localhost:${previewPort}`] }));

  stops.push((await serveFolder(releases, releasesPort)).stop);
  stops.push((await serveFolder(CATALOG_DIST, previewPort)).stop);
  stops.push(
    (
      await servePages(path.join(ROOT, 'shell', 'dist'), sitePort, {
        ...env,
        CONFIG_FILE: configFile,
        ACCOUNT_API_URL: apiUrl,
        MF_PLAYER_URL: `http://localhost:${ports.mf_player}/mf-manifest.json`,
        MF_ACCOUNT_URL: `http://localhost:${ports.mf_account}/mf-manifest.json`,
      })
    ).stop,
  );
});
test.afterAll(() => {
  for (const stop of stops) stop();
  rmSync(work, { recursive: true, force: true });
});

/** The catalogue manifest the page's own inline config (what the shell loads) names. */
async function catalogueOf(page: Page): Promise<string> {
  const text = await page.locator('#runtime-config').textContent();
  return (JSON.parse(text ?? '{}') as { remotes: Record<string, string> }).remotes.mf_catalog ?? '';
}

/** A full browser on the site: every catalogue file it asks for is recorded. */
async function fullContext(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; catalogueFiles: string[]; errors: string[] }> {
  const context = await browser.newContext();
  await installOfflineRoutes(context);
  const page = await context.newPage();
  const catalogueFiles: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/mf-catalog/') || url.startsWith(previewUrl.replace('/mf-manifest.json', ''))) catalogueFiles.push(url);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, catalogueFiles, errors };
}

const allGames = (page: Page) =>
  expect(page.locator('main').getByRole('heading', { level: 1 })).toContainText('All Games', { timeout: 30_000 });

test('a 20 % canary reaches 10–30 % of 100 fresh browsers, each staying on its release across reloads', async ({ browser }) => {
  test.setTimeout(600_000);
  release('canary', 'mf-catalog', 'v2', '20', '--why', 'try v2 on a fifth');
  let onCanary = 0;
  // Each context's own cookie jar (context.request shares it): a new visitor each, as cheap as
  // this loaded machine allows. The next test follows real Chromium pages across reloads.
  const served = async (context: BrowserContext) => {
    const response = await context.request.get(`${site}/all-games`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    const config = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
    return (JSON.parse(config) as { remotes?: Record<string, string> }).remotes?.mf_catalog ?? '';
  };
  for (let batch = 0; batch < 10; batch += 1) {
    const landed = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const fresh = await browser.newContext();
        const first = await served(fresh);
        for (let reload = 0; reload < 3; reload += 1) expect(await served(fresh)).toBe(first);
        await fresh.close();
        return first;
      }),
    );
    for (const first of landed) expect([manifestOf('v1'), manifestOf('v2')]).toContain(first);
    onCanary += landed.filter((first) => first === manifestOf('v2')).length;
  }
  console.log(`20 % canary: ${onCanary} of 100 fresh contexts`);
  expect(onCanary).toBeGreaterThanOrEqual(10);
  expect(onCanary).toBeLessThanOrEqual(30);
});

test('a canary page is one release throughout: its scripts, its fragments, its CSP; promote and abort reach every browser', async ({
  browser,
}) => {
  test.setTimeout(400_000);
  // Find one browser in the canary and one out of it.
  const found: Record<'v1' | 'v2', Awaited<ReturnType<typeof fullContext>> | null> = { v1: null, v2: null };
  for (let i = 0; i < 60 && !(found.v1 && found.v2); i += 1) {
    const browserSide = await fullContext(browser);
    const response = await browserSide.page.goto(`${site}/all-games`);
    const version = (await catalogueOf(browserSide.page)) === manifestOf('v2') ? 'v2' : 'v1';
    if (found[version]) {
      await browserSide.context.close();
      continue;
    }
    found[version] = browserSide;
    expect(String(response?.headers()['content-security-policy'])).toContain(releasesUrl);
  }
  for (const version of ['v1', 'v2'] as const) {
    const side = found[version];
    if (!side) throw new Error(`no browser landed on ${version}`);
    await allGames(side.page);
    for (let reload = 0; reload < 3; reload += 1) {
      await side.page.reload();
      await allGames(side.page);
      expect(await catalogueOf(side.page)).toBe(manifestOf(version));
    }
    const other = version === 'v1' ? 'v2' : 'v1';
    expect(side.catalogueFiles.some((url) => url.includes(`/mf-catalog/${version}/remoteEntry.js`))).toBe(true);
    expect(side.catalogueFiles.filter((url) => url.includes(`/mf-catalog/${other}/`))).toEqual([]);
    expect(side.errors).toEqual([]);
    side.catalogueFiles.length = 0;
  }

  release('promote', 'mf-catalog', '--why', 'v2 holds');
  for (const side of [found.v1, found.v2]) {
    await side?.page.reload();
    expect(await catalogueOf(side!.page)).toBe(manifestOf('v2'));
  }
  // A canary of v1 on top of v2, aborted: everyone on v2 again.
  release('canary', 'mf-catalog', 'v1', '50');
  release('abort', 'mf-catalog', '--why', 'not needed');
  for (const side of [found.v1, found.v2]) {
    await side?.page.reload();
    await allGames(side!.page);
    expect(await catalogueOf(side!.page)).toBe(manifestOf('v2'));
    await side?.context.close();
  }
  const status = JSON.parse(run(process.execPath, ['scripts/release.mjs', 'status', 'mf-catalog', '--json'], { env })) as {
    remotes: { live: { version: string }; canary: unknown; changes: { action: string; by: string }[] }[];
  };
  expect(status.remotes[0]?.live.version).toBe('v2');
  expect(status.remotes[0]?.canary).toBeNull();
  expect(status.remotes[0]?.changes.slice(0, 4).map((c) => c.action)).toEqual(['abort', 'canary', 'promote', 'canary']);
});

test('an override token loads the preview in one browser only; a forged or expired one does nothing', async ({ browser }) => {
  test.setTimeout(120_000);
  const issued = release('override-token', 'mf-catalog', previewUrl, '--ttl', '2h', '--why', 'QA');
  const token = /release_override=(\S+)/.exec(issued)?.[1] ?? '';
  expect(token).toMatch(/^v1\./);

  const tester = await fullContext(browser);
  await tester.page.goto(`${site}/all-games?release_override=${token}`);
  expect(tester.page.url()).toBe(`${site}/all-games`); // the token is not left in the address bar
  await allGames(tester.page);
  const banner = tester.page.getByRole('status').filter({ hasText: 'Preview:' });
  await expect(banner).toContainText(`mf_catalog loads ${previewUrl}`);
  expect(await catalogueOf(tester.page)).toBe(previewUrl);
  await tester.page.reload();
  await allGames(tester.page);
  await expect(banner).toBeVisible();
  expect(tester.catalogueFiles.some((url) => url.startsWith(previewUrl.replace('mf-manifest.json', 'remoteEntry.js')))).toBe(
    true,
  );
  expect(tester.errors).toEqual([]);

  const other = await fullContext(browser);
  await other.page.goto(`${site}/all-games`);
  await allGames(other.page);
  await expect(other.page.getByRole('status').filter({ hasText: 'Preview:' })).toHaveCount(0);
  expect(await catalogueOf(other.page)).toBe(manifestOf('v2'));

  // Clear: back to the live release.
  await banner.getByRole('button', { name: 'Clear' }).click();
  await expect(tester.page).toHaveURL(`${site}/all-games`);
  await expect(banner).toHaveCount(0);
  expect(await catalogueOf(tester.page)).toBe(manifestOf('v2'));

  const [prefix, payload, signature = ''] = token.split('.');
  const forged = `${prefix}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  const shortLived = /release_override=(\S+)/.exec(release('override-token', 'mf-catalog', previewUrl, '--ttl', '1s'))?.[1] ?? '';
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  for (const bad of [forged, shortLived]) {
    await other.page.goto(`${site}/all-games?release_override=${bad}`);
    await allGames(other.page);
    await expect(other.page.getByRole('status').filter({ hasText: 'Preview:' })).toHaveCount(0);
    expect(await catalogueOf(other.page)).toBe(manifestOf('v2'));
    expect((await other.context.cookies()).map((c) => c.name)).not.toContain('pv_override');
  }
  await tester.context.close();
  await other.context.close();
});

test('two pointer changes at the same moment: both kept, in the pointers and the history', async () => {
  const changes = await Promise.all(
    [
      ['canary', 'mf-catalog', 'v1', '10', '--why', 'first'],
      ['publish', 'mf-catalog', 'v4', '--why', 'second'],
    ].map(
      (args) =>
        new Promise<number>((resolve) => {
          const child = spawn(process.execPath, ['scripts/release.mjs', ...args, '--by', 'e2e'], {
            cwd: ROOT,
            env: { ...process.env, ...env },
            stdio: 'ignore',
          });
          child.on('exit', (code) => resolve(code ?? 1));
        }),
    ),
  );
  expect(changes).toEqual([0, 0]);
  const state = JSON.parse(readFileSync(path.join(releases, 'current.json'), 'utf8')) as {
    version: number;
    remotes: { mf_catalog: { canary: { version: string }; published: Record<string, unknown> } };
  };
  expect(state.remotes.mf_catalog.canary.version).toBe('v1');
  expect(Object.keys(state.remotes.mf_catalog.published)).toContain('v4');
  const history = readFileSync(path.join(releases, 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { version: number; why: string });
  expect(
    history
      .slice(-2)
      .map((h) => h.why)
      .sort(),
  ).toEqual(['first', 'second']);
  expect(history.at(-1)?.version).toBe(state.version);
  release('abort', 'mf-catalog');
});

test('a canary that throws in the browser is aborted by the watcher within 5 minutes, with its history entry', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  // Stand-in for the page service's telemetry summary (same shape), fed with what real browsers did.
  const seen = new Map<string, { pageViews: number; errors: number }>();
  const telemetry: Server = createServer((_req, res) => {
    const releasesSeen = [...seen].map(([version, row]) => ({
      remote: 'mf_catalog',
      version,
      ...row,
      errorRate: row.pageViews ? row.errors / row.pageViews : 0,
      lcpP75: null,
      inpP75: null,
      vitalsSamples: 0,
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ windowMinutes: 5, releases: releasesSeen }));
  });
  await new Promise<void>((resolve) => telemetry.listen(0, '127.0.0.1', resolve));
  const telemetryUrl = `http://127.0.0.1:${(telemetry.address() as { port: number }).port}`;
  const builds = JSON.parse(readFileSync(path.join(releases, 'current.json'), 'utf8')) as {
    remotes: { mf_catalog: { published: Record<string, { build: string }> } };
  };
  const buildOf = (manifestUrl: string) =>
    builds.remotes.mf_catalog.published[/\/mf-catalog\/([^/]+)\//.exec(manifestUrl)?.[1] ?? '']?.build ?? '';

  release('canary', 'mf-catalog', 'v3', '50', '--why', 'try v3');
  const started = Date.now();
  const watcher: ChildProcess = spawn(
    process.execPath,
    ['scripts/release.mjs', 'watch', '--interval', '3', '--minutes', '5', '--min-views', '4', '--telemetry', telemetryUrl],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' },
  );
  try {
    let aborted = false;
    for (let i = 0; i < 60 && !aborted; i += 1) {
      const side = await fullContext(browser);
      await side.page.goto(`${site}/all-games`);
      const manifest = await catalogueOf(side.page);
      await side.page.waitForLoadState('load');
      await side.page.waitForTimeout(300);
      const row = seen.get(buildOf(manifest)) ?? { pageViews: 0, errors: 0 };
      seen.set(buildOf(manifest), { pageViews: row.pageViews + 1, errors: row.errors + (side.errors.length ? 1 : 0) });
      if (manifest === manifestOf('v3')) expect(side.errors.join()).toContain('canary broken on purpose');
      else expect(side.errors).toEqual([]);
      await side.context.close();
      const state = JSON.parse(readFileSync(path.join(releases, 'current.json'), 'utf8')) as {
        remotes: { mf_catalog: { canary: unknown } };
      };
      aborted = state.remotes.mf_catalog.canary === null;
    }
    expect(aborted).toBe(true);
    const minutes = (Date.now() - started) / 60_000;
    console.log(`broken canary aborted after ${minutes.toFixed(2)} min`);
    expect(minutes).toBeLessThan(5);
    const last = readFileSync(path.join(releases, 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .at(-1);
    expect(last).toMatchObject({
      action: 'auto-abort',
      by: 'release-watch',
      remote: 'mf_catalog',
      after: { live: 'v2', canary: null },
    });
    expect(String(last?.why)).toMatch(/^automatic: canary error rate 100\.0 % .* in the last 5 min$/);
  } finally {
    watcher.kill('SIGTERM');
    telemetry.close();
  }
});
