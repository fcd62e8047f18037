import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';

// A player who meets a broken page leaves at once: the error the shell noticed, and the page
// view, still reach the collector. An error loads the telemetry sender at once (it otherwise
// loads 10 s after start-up), and the sender sends what it holds when the page is left.

/** The player remote's views and errors in the collector's last 5 minutes, every build together. */
async function playerFigures(request: APIRequestContext): Promise<{ views: number; errors: number }> {
  const response = await request.get('/__telemetry/summary?minutes=5');
  expect(response.status()).toBe(200);
  const { releases } = (await response.json()) as { releases: { remote: string; pageViews: number; errors: number }[] };
  const player = releases.filter((release) => release.remote === 'mf_player');
  return {
    views: player.reduce((sum, release) => sum + release.pageViews, 0),
    errors: player.reduce((sum, release) => sum + release.errors, 0),
  };
}

test("a player who leaves a game page 2 s after load, its remote blocked, still reports the remote's error and the view", async ({
  page,
  context,
  ports,
  request,
}) => {
  const before = await playerFigures(request);
  await context.route(`http://localhost:${ports.mf_player}/**`, (route) => route.abort('connectionrefused'));
  const beacons: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/__telemetry') && sent.method() === 'POST') beacons.push(sent.postData() ?? '');
  });
  await page.goto('/game/73', { waitUntil: 'load' });
  const loadedAt = Date.now();
  // The page says the game could not load (the player remote's fallback).
  await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible();
  // The player reads it, and leaves two seconds after the page loaded.
  await page.waitForTimeout(Math.max(0, 2_000 - (Date.now() - loadedAt)));
  await page.goto('about:blank');

  await expect
    .poll(() => beacons.some((body) => body.includes('"part":"mf_player"') && body.includes('"kind":"load"')), { timeout: 5_000 })
    .toBe(true);
  // Counted by the collector under the player remote: the error, and the view of its page.
  await expect
    .poll(
      async () => {
        const after = await playerFigures(request);
        return after.errors > before.errors && after.views > before.views;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
});
