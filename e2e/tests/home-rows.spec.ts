// Home's Trending now and Most played are different rows (decision 0057): Trending counts the
// last 24 hours, Most played all time. This test runs its own API and page service on a database
// of its own. The history (plays weeks ago) cannot be played in a test run, so it is written into
// that database as the day rows the API keeps; today's plays arrive through the API as players
// send them.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { GAMES } from '@portal/shared-contracts';
import { PLAY_DATA_PATHS, PLAY_DATA_TEXT, type GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { expect, test } from '../fixtures';
import { harnessRemoteUrls, ROOT, serveApi, servePages } from '../support/servers';

test.describe.configure({ mode: 'serial' });

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
// Played a lot, but weeks ago: the top of Most played, absent from Trending now.
const HISTORY = [
  { gameId: 21, day: utcDay(10 * DAY_MS), plays: 900 },
  { gameId: 22, day: utcDay(20 * DAY_MS), plays: 400 },
];
// Played today by a few devices: Trending now's first two, below the history in Most played.
const TODAY = [
  { gameId: 23, devices: 3 },
  { gameId: 24, devices: 1 },
];
const nameOf = (id: number) => GAMES.find((game) => game.id === id)!.name;

let site: string;
let api: string;
let dataDir: string;
let stopAll: () => Promise<unknown>;

test.beforeAll(async ({ ports, request }) => {
  test.setTimeout(60_000);
  const [apiPort, sitePort] = [ports.api + 70, ports.api + 71];
  site = `http://localhost:${sitePort}`;
  api = `http://localhost:${apiPort}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-home-rows-'));
  const apiServer = await serveApi(apiPort, { DATA_DIR: dataDir, CORS_ORIGINS: site, SITE_URL: site, STATS_CACHE_SECONDS: '1' });
  const pages = await servePages(path.join(ROOT, 'shell', 'dist'), sitePort, {
    ACCOUNT_API_URL: api,
    ...harnessRemoteUrls(ports),
  });
  stopAll = () => Promise.all([apiServer.stop(), pages.stop()]);

  // The API has migrated its database on start; the past is written as its day rows.
  const database = new DatabaseSync(path.join(dataDir, 'account.sqlite'));
  const insert = database.prepare('insert into game_play_days (game_id, day, plays) values (?, ?, ?)');
  for (const { gameId, day, plays } of HISTORY) insert.run(gameId, day, plays);
  database.close();

  for (const { gameId, devices } of TODAY)
    for (let device = 0; device < devices; device += 1) {
      const response = await request.post(`${api}${PLAY_DATA_PATHS.plays}`, {
        data: { gameId, deviceId: randomUUID() },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
});

test.afterAll(async () => {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const row = (page: Page, name: string) => page.locator('main').getByRole('region', { name, exact: true });
const cardNames = (page: Page, name: string) =>
  row(page, name)
    .locator('a.catalog-game-card')
    .evaluateAll((cards) => cards.map((card) => card.textContent));

test('the API ranks the last 24 hours for Trending now and all time for Most played', async ({ request }) => {
  await expect
    .poll(async () => {
      const snapshot = (await (await request.get(`${api}${PLAY_DATA_PATHS.stats}`)).json()) as GameStatsSnapshot;
      return { trending: snapshot.trending, window: snapshot.trendingWindow, mostPlayed: snapshot.mostPlayed };
    })
    .toEqual({ trending: [23, 24], window: '24h', mostPlayed: [21, 22, 23, 24] });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height} Home's Trending now and Most played show different games in different orders`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${site}/`);
    const trending = row(page, PLAY_DATA_TEXT.trendingNow);
    const mostPlayed = row(page, PLAY_DATA_TEXT.mostPlayed);
    await expect(trending.locator('a.catalog-game-card')).toHaveCount(2);
    await expect(mostPlayed.locator('a.catalog-game-card')).toHaveCount(4);

    const trendingNames = await cardNames(page, PLAY_DATA_TEXT.trendingNow);
    const mostPlayedNames = await cardNames(page, PLAY_DATA_TEXT.mostPlayed);
    expect(trendingNames.map((text, index) => text.includes(nameOf([23, 24][index]!)))).toEqual([true, true]);
    expect(mostPlayedNames.map((text, index) => text.includes(nameOf([21, 22, 23, 24][index]!)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await page.screenshot({ path: test.info().outputPath(`home-rows-${viewport.width}.png`), fullPage: true });

    // Each row's "See all" lists every game in that row's order.
    await mostPlayed.getByRole('link', { name: `See all: ${PLAY_DATA_TEXT.mostPlayed}` }).click();
    await expect(page).toHaveURL(/\/all-games\?sort=most-played$/);
    await expect(page.locator('main a.catalog-game-card').first()).toContainText(nameOf(21));
    await page.goBack();
    await row(page, PLAY_DATA_TEXT.trendingNow)
      .getByRole('link', { name: `See all: ${PLAY_DATA_TEXT.trendingNow}` })
      .click();
    await expect(page).toHaveURL(/\/all-games\?sort=trending$/);
    await expect(page.locator('main a.catalog-game-card').first()).toContainText(nameOf(23));
  });
}
