import type { Page } from '@playwright/test';
import { GAMES } from '@portal/shared-contracts';
import { gameDetailsOf } from '@portal/shared-contracts/game-details';
import { expect, test } from '../fixtures';
import { remotePagesMounted } from '../support/federation';

// A real game page: the feed's description (long ones shortened until "Read more"), its controls
// laid out as controls, one chip per tag, and the description in the page's JSON-LD.
const named = (id: number) => GAMES.find((game) => game.id === id)!.name;
const main = (page: Page) => page.locator('main');

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the description, shortened until "Read more", and the controls as keys', async ({ page }) => {
      const about = gameDetailsOf(56)!;
      await page.goto('/game/56');
      await remotePagesMounted(page);
      await expect(main(page).getByRole('heading', { name: `About ${named(56)}` })).toBeVisible();
      await expect(main(page).getByText(about.description)).toBeVisible();
      // Not the template every game had.
      await expect(main(page).getByText(/How to play: the game starts in the frame above/)).toHaveCount(0);
      const controls = main(page).locator('.game-controls');
      await expect(controls.getByRole('heading', { name: 'How to play' })).toBeVisible();
      await expect(controls.getByRole('term')).toHaveText(['Keyboard']);
      await expect(controls.getByRole('definition')).toHaveText(['W↑Accelerate', 'S↓Brake', 'A←Steer left', 'D→Steer right']);
      await expect(controls.getByRole('definition').first().locator('kbd')).toHaveCount(2);

      const long = gameDetailsOf(24)!.description;
      await page.goto('/game/24');
      await remotePagesMounted(page);
      const text = main(page).getByText(long);
      const more = main(page).getByRole('button', { name: 'Read more' });
      await expect(more).toBeVisible();
      const shortHeight = (await text.boundingBox())!.height;
      await more.click();
      await expect(main(page).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
      expect((await text.boundingBox())!.height).toBeGreaterThan(shortHeight * 2);
      // Mouse and touch, each with what it does.
      await expect(main(page).locator('.game-controls').getByRole('term')).toHaveText(['Mouse', 'Touch']);
    });

    test('one chip per tag (Match 3 / Match-3 / Match3 are one), and the description in the server HTML and JSON-LD', async ({
      page,
      request,
    }) => {
      await page.goto('/game/39');
      await remotePagesMounted(page);
      const tags = main(page).getByRole('navigation', { name: 'Tags' }).getByRole('link');
      await expect(tags).toHaveText(['Candy', 'Match 3', 'Matching', 'Puzzle']);

      const html = await (await request.get('/game/39', { headers: { Accept: 'text/html' } })).text();
      const description = gameDetailsOf(39)!.description;
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
        (match) => JSON.parse(match[1]!) as { '@type': string; description?: string },
      );
      expect(ld.find((block) => block['@type'] === 'VideoGame')?.description).toBe(description);
      // The page's own text is in the HTML too (escaped as HTML text).
      expect(html).toContain(description.slice(0, 60).replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    });
  });
}
