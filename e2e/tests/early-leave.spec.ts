import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';

// A player who meets a broken page leaves at once: the error the shell noticed, and the page
// view, still reach the collector. An error loads the telemetry sender at once (it otherwise
// loads 10 s after start-up), and the sender sends what it holds when the page is left.

/** The sum of the page service's counter series named `metric` whose labels include `labels`. */
async function counted(request: APIRequestContext, metric: string, labels: string[]): Promise<number> {
  const response = await request.get('/metrics');
  expect(response.status()).toBe(200);
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`) && labels.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

test("a player who leaves a game page 2 s after load, its remote blocked, still reports the remote's error and the view", async ({
  page,
  context,
  ports,
  request,
}) => {
  const player = ['remote="mf_player"', 'route="/game/:gameId"'];
  const figures = async () => ({
    loadErrors: await counted(request, 'telemetry_client_errors_total', [...player, 'kind="load"']),
    views: await counted(request, 'telemetry_page_views_total', player),
  });
  const before = await figures();
  await context.route(`http://localhost:${ports.mf_player}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/game/73', { waitUntil: 'load' });
  const loadedAt = Date.now();
  // The page says the game could not load (the player remote's fallback).
  await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible();
  // The player reads it, and leaves two seconds after the page loaded.
  await page.waitForTimeout(Math.max(0, 2_000 - (Date.now() - loadedAt)));
  await page.goto('about:blank');

  // Counted by the collector under the player remote: its load error, and the view of its page.
  await expect
    .poll(async () => {
      const after = await figures();
      return { loadErrors: after.loadErrors > before.loadErrors, views: after.views > before.views };
    })
    .toEqual({ loadErrors: true, views: true });
});
