import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { remotePagesMounted } from '../support/federation';

// In-site navigation (decision 0039): what the shell prefetches while the player looks at a page,
// where a new page starts and where Back returns. No timings here: those are `npm run bench`'s.

// Each test loads a page, waits for the shell's idle prefetch and walks on: more than the
// default allowance on a busy machine.
test.beforeEach(() => test.slow());

/** Waits until the page's idle prefetch has run to its end (the shell marks it), then for a quiet network. */
async function idlePrefetchDone(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('portal:idle-prefetch-done').length > 0, undefined, {
    timeout: 60_000,
  });
  await page.waitForLoadState('networkidle');
}

/** Scrolls with the mouse wheel, as a player does (beside the game's frame, which would take the wheel), and waits until the window has moved. */
async function wheelDown(page: Page, by: number): Promise<number> {
  await page.mouse.move(40, 450);
  await page.mouse.wheel(0, by);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(by / 2);
  return page.evaluate(() => window.scrollY);
}

test('after Home is idle, opening All Games and then a game fetches no new script', async ({ page }) => {
  await page.goto('/');
  await remotePagesMounted(page);
  await idlePrefetchDone(page);

  const scripts: string[] = [];
  page.on('request', (request) => {
    // The game's own page inside the frame is the game's business, not the site's.
    if (request.resourceType() === 'script' && request.frame() === page.mainFrame()) scripts.push(request.url());
  });

  await page.locator('.nav-menu').getByRole('link', { name: 'All Games' }).click();
  await expect(page).toHaveURL(/\/all-games$/);
  await expect(page.locator('main').getByRole('heading', { level: 1, name: 'All Games' })).toBeVisible();
  await page.locator('main a.catalog-game-card').first().click();
  await expect(page).toHaveURL(/\/game\/\d+$/);
  await expect(page.locator('main iframe')).toBeVisible();
  // The play page's own loads are over once its idle prefetch has run (the game's frame keeps
  // the network busy, so "network idle" may never come).
  const shownAt = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    (after) => performance.getEntriesByName('portal:idle-prefetch-done').some((mark) => mark.startTime > after),
    shownAt,
    { timeout: 60_000 },
  );

  expect(scripts).toEqual([]);
});

test('a new page starts at its top with focus on its heading', async ({ page }) => {
  await page.goto('/game/5');
  await remotePagesMounted(page);
  const tile = page.locator('.category-carousel a.category-card').first();
  const category = (await tile.locator('.category-card__name').textContent()) ?? '';
  await wheelDown(page, 900);
  await tile.click();

  await expect(page).toHaveURL(/\/categories\//);
  const heading = page.locator('main').getByRole('heading', { level: 1, name: category });
  await expect(heading).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('Back returns to where the player was on the page before', async ({ page }) => {
  await page.goto('/all-games');
  await remotePagesMounted(page);
  const scrolled = await wheelDown(page, 1200);
  // A card the player can see from there.
  const card = page.locator('main a.catalog-game-card').filter({ visible: true });
  const inView = await card.evaluateAll((cards) =>
    cards.findIndex((c) => c.getBoundingClientRect().top > 0 && c.getBoundingClientRect().bottom < window.innerHeight),
  );
  await card.nth(inView).click();
  await expect(page).toHaveURL(/\/game\/\d+$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/all-games$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(scrolled));
});
