import { expect, test } from '../fixtures';
import { remotePagesMounted } from '../support/federation';
import { wheelDown } from '../support/wheel';

// Where a page starts after an in-site navigation (decision 0039). Before it, the window stayed
// where the last page was scrolled to: a game opened from far down All Games showed its page
// scrolled past the game, with the "Back to" link under the header.

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

test('a game opened from far down All Games starts at its top, the game has focus, and Back returns to where the player was', async ({
  page,
}) => {
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
  await expect(page.locator('main iframe')).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator('main').getByRole('link', { name: /^Back to / })).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL(/\/all-games$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(scrolled));
});
