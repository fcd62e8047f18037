// Dead games (decision 0058): the API's link checker, driven through its test hook, finds a game
// whose host answers 404 (and one refusing to be framed, one that never answers) in 3 checks in a
// row; the game then leaves every list, the suggestions and the sitemap, and its play page answers
// 410 with similar games. A later passing check brings it back. The links are fetched from a local
// stand-in game host (GAME_CHECK_REWRITE); this test runs its own API and page service, so the
// suite's shared site keeps every game.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { gameById } from '../support/catalogue';
import { harnessRemoteUrls, ROOT, serveApi, servePages } from '../support/servers';

test.describe.configure({ mode: 'serial' });

const DEAD = gameById(5); // its host answers 404
const REFUSES_FRAMING = gameById(8);
const SILENT = gameById(7);
const FAILURES_TO_HIDE = 3;
const UNAVAILABLE = "This game isn't available right now";

const pathOf = (link: string) => new URL(link).pathname;
let deadAnswers404 = true;
let standIn: http.Server;
let site: string;
let api: string;
let dataDir: string;
let stopAll: () => Promise<unknown>;

test.beforeAll(async ({ ports }) => {
  test.setTimeout(60_000);
  const [apiPort, hostPort, sitePort] = [ports.api + 60, ports.api + 61, ports.api + 62];
  standIn = http.createServer((request, response) => {
    const asked = request.url ?? '/';
    if (asked === pathOf(SILENT.link)) return; // never answers
    if (asked === pathOf(DEAD.link) && deadAnswers404) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const framing = asked === pathOf(REFUSES_FRAMING.link) ? { 'x-frame-options': 'DENY' } : {};
    response.writeHead(200, { 'content-type': 'text/html', ...framing }).end('<canvas></canvas>');
  });
  await new Promise<void>((resolve) => standIn.listen(hostPort, '127.0.0.1', resolve));
  site = `http://localhost:${sitePort}`;
  api = `http://localhost:${apiPort}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dead-games-'));
  const apiServer = await serveApi(apiPort, {
    DATA_DIR: dataDir,
    CORS_ORIGINS: site,
    SITE_URL: site,
    GAME_CHECK_REWRITE: `https://html5.gamemonetize.com=http://127.0.0.1:${hostPort}`,
    GAME_CHECK_TIMEOUT_SECONDS: '1',
    GAME_CHECK_FAILURES: String(FAILURES_TO_HIDE),
  });
  const pages = await servePages(path.join(ROOT, 'shell', 'dist'), sitePort, {
    ACCOUNT_API_URL: api,
    ...harnessRemoteUrls(ports),
  });
  stopAll = () => Promise.all([apiServer.stop(), pages.stop()]);
});
test.afterAll(async () => {
  await stopAll();
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** One round of checks through the API's test hook; answers whether it counted and what it hid. */
async function checkRound(page: Page): Promise<{ counted: boolean; changes: { hidden: number[]; restored: number[] } }> {
  const response = await page.request.post(`${api}/__dev/game-checks/run`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { counted: boolean; changes: { hidden: number[]; restored: number[] } };
}

const playPageStatus = async (page: Page, id: number) => (await page.request.get(`${site}/game/${id}`)).status();
const main = (page: Page) => page.locator('main');
const deadLink = (page: Page) => main(page).locator(`a[href="/game/${DEAD.id}"]`);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height} a game failing ${FAILURES_TO_HIDE} checks in a row leaves the site; its page answers 410 with games to play instead`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    deadAnswers404 = true;

    // Two failed checks: still listed.
    for (let round = 1; round < FAILURES_TO_HIDE; round += 1) expect((await checkRound(page)).changes.hidden).toEqual([]);
    await page.goto(`${site}/all-games`);
    await expect(deadLink(page)).toHaveCount(1);
    expect(await playPageStatus(page, DEAD.id)).toBe(200);

    // The third: hidden, as are the game refusing to be framed and the one that never answers
    // (since the first viewport's run: only the 404 game comes back at the end).
    const third = await checkRound(page);
    expect(third.counted).toBe(true);
    expect(third.changes.hidden).toContain(DEAD.id);
    const stats = (await (await page.request.get(`${api}/api/stats/games`)).json()) as { unavailable: number[] };
    expect(stats.unavailable).toEqual([DEAD.id, SILENT.id, REFUSES_FRAMING.id].sort((a, b) => a - b));
    // The page service reads the API's list within its refresh (5 s).
    await expect.poll(() => playPageStatus(page, DEAD.id), { timeout: 15_000 }).toBe(410);

    const response = await page.goto(`${site}/game/${DEAD.id}`);
    expect(response?.status()).toBe(410);
    await expect(main(page).getByRole('heading', { level: 1, name: UNAVAILABLE })).toBeVisible();
    const instead = main(page).getByRole('region', { name: 'Play one of these instead' });
    await expect(instead.locator('a').first()).toBeVisible();
    await expect(instead.locator(`a[href="/game/${DEAD.id}"], a[href="/game/${SILENT.id}"]`)).toHaveCount(0);
    await expect(main(page).locator('iframe')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`dead-game-410-${viewport.width}.png`) });
    // One of the games instead plays.
    await instead.locator('a').first().click();
    await expect(main(page).locator('iframe')).toBeVisible();

    await page.goto(`${site}/all-games`);
    await expect(main(page).locator('a[href="/game/6"]')).toHaveCount(1);
    await expect(deadLink(page)).toHaveCount(0);
    await page.goto(`${site}/categories/${encodeURIComponent(DEAD.category)}`);
    await expect(main(page).locator('a[href="/game/6"]')).toHaveCount(1);
    await expect(deadLink(page)).toHaveCount(0);
    await page.goto(`${site}/search?q=hobo`);
    await expect(main(page).getByText('No games found', { exact: true })).toBeVisible();
    await expect(deadLink(page)).toHaveCount(0);

    if (viewport.width < 768) await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search Games' }).fill('ho');
    const suggestions = page.getByRole('listbox', { name: 'Suggested games' });
    await expect(suggestions.getByRole('option', { name: /Slingshot Jetpack/ })).toBeVisible();
    await expect(suggestions.getByRole('option', { name: new RegExp(DEAD.name) })).toHaveCount(0);

    const sitemap = await (await page.request.get(`${site}/sitemap.xml`)).text();
    expect(sitemap).toContain('/game/6</loc>');
    expect(sitemap).not.toContain(`/game/${DEAD.id}</loc>`);

    // The host answers again: one passing check brings the game back.
    deadAnswers404 = false;
    expect((await checkRound(page)).changes.restored).toEqual([DEAD.id]);
    await expect.poll(() => playPageStatus(page, DEAD.id), { timeout: 15_000 }).toBe(200);
    await page.goto(`${site}/all-games`);
    await expect(deadLink(page)).toHaveCount(1);
  });
}
