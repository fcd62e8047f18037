import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CATEGORIES, gameById } from '../support/catalogue';
import { holdPart, remotePagesMounted } from '../support/federation';
import { hostThatRefusesFraming } from '../support/game-hosts';
import { scrollToBottomAsAPlayer } from '../support/play-page';

// Every game link is on html5.gamemonetize.com, which the fixture answers with its local test
// page ("Local test game").
const HOBO = gameById(5);
const MATH = gameById(37);
const LOADING = 'Game Loading...';

const main = (page: Page) => page.locator('main');
const gameFrame = (page: Page) => page.locator('main iframe');
const carousel = (page: Page) => page.getByRole('region', { name: 'Browse by category' });

/** Holds the game page's response until release() is called, so the loading state can be seen. */
async function holdGame(page: Page, link: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(link, async (route) => {
    await released;
    await route.fallback(); // on to the fixture's local test page
  });
  return release;
}

async function expectPlaying(page: Page, game: { name: string; link: string }) {
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(game.name);
  await expect(gameFrame(page)).toHaveAttribute('title', game.name);
  await expect(gameFrame(page)).toHaveAttribute('src', game.link);
  await expect(gameFrame(page).contentFrame().getByRole('heading', { name: 'Local test game' })).toBeVisible();
  await expect(main(page).getByText(LOADING)).toHaveCount(0);
}

async function openFromAllGames(page: Page, name: string) {
  await page.goto('/all-games');
  await main(page)
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
}

test.describe('play page', () => {
  test("a game card opens the game: 'Game Loading...' until the frame loads, then the game", async ({ page }) => {
    const release = await holdGame(page, HOBO.link);
    await openFromAllGames(page, HOBO.name);
    await expect(page).toHaveURL(new RegExp(`/game/${HOBO.id}$`));
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(HOBO.name);
    await expect(main(page).getByRole('status')).toContainText(LOADING);
    await expect(gameFrame(page)).toBeVisible();

    release();
    await expectPlaying(page, HOBO);

    const frame = gameFrame(page);
    await expect(frame).toHaveAttribute('allowfullscreen', '');
    await expect(frame).toHaveAttribute('allow', /autoplay/);
    await expect(frame).toHaveAttribute('allow', /fullscreen/);
    const sandbox = (await frame.getAttribute('sandbox'))!.split(/\s+/);
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin', 'allow-pointer-lock']));
    expect(sandbox.filter((token) => token.startsWith('allow-top-navigation'))).toEqual([]);

    await main(page)
      .getByRole('link', { name: `Back to ${HOBO.category}` })
      .click();
    await expect(page).toHaveURL(/\/categories\/Bike%20Racing$/);
  });

  test("the game's frame comes in the server's HTML and starts before the player's scripts; the player takes it over without loading the game again", async ({
    page,
    context,
    ports,
  }) => {
    // Every request the browser makes to the player waits until the test lets it through.
    const release = await holdPart(context, ports.mf_player);
    let gameLoads = 0;
    page.on('request', (request) => {
      if (request.url() === HOBO.link) gameLoads += 1;
    });
    await page.goto(`/game/${HOBO.id}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(HOBO.name);
    await expect(gameFrame(page)).toHaveAttribute('src', HOBO.link);
    await expect(gameFrame(page).contentFrame().getByRole('heading', { name: 'Local test game' })).toBeVisible();
    await gameFrame(page).evaluate((frame) => frame.setAttribute('data-from-server', ''));

    await release();
    await remotePagesMounted(page);
    // The same frame, now the player's: its loading cover is gone and its buttons answer.
    await expect(main(page).locator('iframe[data-from-server]')).toHaveCount(1);
    await expectPlaying(page, HOBO);
    const heart = main(page).getByRole('button', { name: `Favourite ${HOBO.name}` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(gameLoads).toBe(1);
  });

  test('the game fills the space at the sizes games are made for, without scrolling', async ({ page }) => {
    for (const [width, height, minWidth] of [
      [1920, 1080, 1200],
      [1366, 768, 907],
      [800, 450, 470],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/game/${HOBO.id}`);
      const box = (await gameFrame(page).boundingBox())!;
      expect(box.width, `frame width at ${width}x${height}`).toBeGreaterThanOrEqual(minWidth);
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/game/${HOBO.id}`);
    const box = (await gameFrame(page).boundingBox())!;
    expect(box.y + box.height, 'whole frame visible on a 1366x768 laptop').toBeLessThanOrEqual(768);
  });

  test('reloading the play page, or opening it in a new tab, plays the same game (local storage)', async ({ page, context }) => {
    await openFromAllGames(page, HOBO.name);
    await expectPlaying(page, HOBO);

    await page.reload();
    await expectPlaying(page, HOBO);

    // A new tab has no navigation state: only storage knows the game.
    const tab = await context.newPage();
    await tab.goto(`/game/${HOBO.id}`);
    await expectPlaying(tab, HOBO);
    await tab.close();
  });

  test('without navigation state, the link and name saved in local storage are used', async ({ page }) => {
    const stored = { name: 'Hobo Speedster (saved)', link: 'https://html5.gamemonetize.com/e2e-saved-link/' };
    await page.goto('/');
    await page.evaluate(
      ([id, game]) => {
        localStorage.setItem('gameId', String(id));
        localStorage.setItem('gameLink', game.link);
        localStorage.setItem('gameName', game.name);
      },
      [HOBO.id, stored] as const,
    );
    await page.goto(`/game/${HOBO.id}`);
    await expectPlaying(page, stored);
  });

  test('a shared link plays the game it names, even when storage remembers another game', async ({ page }) => {
    await openFromAllGames(page, HOBO.name);
    await expectPlaying(page, HOBO);
    await page.goto(`/game/${MATH.id}`);
    await expectPlaying(page, MATH);
  });

  test("an unknown game id shows 'Game not found'", async ({ page }) => {
    await page.goto('/game/99999');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Game not found');
    await expect(gameFrame(page)).toHaveCount(0);
    await main(page).getByRole('link', { name: 'Browse all games' }).click();
    await expect(page).toHaveURL(/\/all-games$/);
  });

  test('going from one game to another shows the loading state again', async ({ page }) => {
    await page.goto(`/game/${HOBO.id}`);
    await expectPlaying(page, HOBO);

    const release = await holdGame(page, MATH.link);
    await page.getByPlaceholder('Search Games').fill(MATH.name);
    await page.getByPlaceholder('Search Games').press('Enter');
    await main(page)
      .getByRole('link', { name: new RegExp(MATH.name) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/game/${MATH.id}$`));
    await expect(main(page).getByText(LOADING)).toBeVisible();
    release();
    await expectPlaying(page, MATH);

    // Back to the first game (the browser's back button twice: search, then the game).
    await page.goBack();
    await page.goBack();
    await expectPlaying(page, HOBO);
  });

  test('the fullscreen button puts the game frame into browser fullscreen', async ({ page }) => {
    await page.goto(`/game/${HOBO.id}`);
    await expectPlaying(page, HOBO);
    await main(page).getByRole('button', { name: 'Fullscreen' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.querySelector('iframe')?.getAttribute('title') ?? null))
      .toBe(HOBO.name);
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  });
});

// Phones and short landscape screens show the tools as icons and the stalled-game card without
// its explanation; the words stay in the page for screen readers, taking no room.
for (const { width, height, compact } of [
  { width: 390, height: 844, compact: true },
  { width: 844, height: 390, compact: true },
  { width: 1440, height: 900, compact: false },
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height }, expectedCspViolations: [/frame-ancestors 'none'/] });

    test(compact ? 'words kept for screen readers only' : 'words shown', async ({ page }) => {
      const refusing = gameById(23);
      await hostThatRefusesFraming(page, refusing.link);
      await page.goto(`/game/${refusing.id}`);
      await expect(page.getByText(LOADING)).toHaveCount(0);
      const shown = async (text: Locator) => {
        const box = (await text.boundingBox())!;
        return box.width > 1 && box.height > 1;
      };
      for (const [name, label] of [
        [`Favourite ${refusing.name}`, 'Favourite'],
        ['Share', 'Share'],
        ['Fullscreen', 'Fullscreen'],
      ] as const) {
        const button = main(page).getByRole('button', { name, exact: true });
        await expect(button).toBeVisible();
        expect([label, await shown(button.getByText(label, { exact: true }))]).toEqual([label, !compact]);
      }
      await page.getByRole('button', { name: 'Game not working?' }).click();
      const stalled = page.getByRole('alertdialog', { name: "This game isn't loading" });
      await expect(stalled).toBeVisible();
      await expect(stalled).toHaveAccessibleDescription(/.+/);
      expect(await shown(stalled.locator('#game-trouble-body'))).toBe(!compact);
      expect(await shown(stalled.getByRole('heading', { level: 3 }))).toBe(!compact);
    });
  });
}

test.describe('category carousel', () => {
  test('previous and next buttons move through the category cards', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 }); // 5 of 7 cards per view
    await page.goto(`/game/${HOBO.id}`);
    const region = carousel(page);
    // The carousel is the page's last row, drawn after its first frame: scrolled to before it is
    // drawn, the page grows under the player and the carousel ends up below the window.
    await expect(region.getByRole('link')).toHaveText(CATEGORIES);
    await scrollToBottomAsAPlayer(page);
    const previous = region.getByRole('button', { name: 'Previous categories' });
    const next = region.getByRole('button', { name: 'Next categories' });
    const card = (name: string) => region.getByRole('link', { name });
    /** At one end: its own button is disabled, the other enabled; `shown` is in view and `hidden` is not. */
    const expectAtEnd = async (end: Locator, other: Locator, shown: string, hidden: string) => {
      await expect(end).toBeDisabled();
      await expect(other).toBeEnabled();
      await expect(card(shown)).toBeInViewport({ ratio: 0.9 });
      await expect(card(hidden)).not.toBeInViewport();
    };

    await expectAtEnd(previous, next, 'Arcade Games', 'Strategy Games');

    await next.click();
    await next.click();
    await expectAtEnd(next, previous, 'Strategy Games', 'Arcade Games');

    await previous.click();
    await previous.click();
    await expectAtEnd(previous, next, 'Arcade Games', 'Strategy Games');
  });

  test('a category card opens its category page', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(`/game/${HOBO.id}`);
    const region = carousel(page);
    await expect(region.getByRole('link')).toHaveText(CATEGORIES);
    await scrollToBottomAsAPlayer(page);
    await expect(region.getByRole('link', { name: 'Puzzle Games' }).locator('img')).toHaveJSProperty('complete', true);
    await region.getByRole('link', { name: 'Puzzle Games' }).click();
    await expect(page).toHaveURL(/\/categories\/Puzzle%20Games$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toContainText('Puzzle Games');
  });

  for (const [width, perView] of [
    [600, 2],
    [700, 3],
    [800, 4],
    [1100, 5],
    [1440, 7],
  ] as const) {
    test(`shows ${perView} cards per view at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/game/${HOBO.id}`);
      const track = carousel(page).locator('.swiper');
      await expect(track).toBeVisible();
      const trackBox = (await track.boundingBox())!;
      const cardBoxes = await carousel(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
      const fullyShown = cardBoxes.filter((box) => box.left >= trackBox.x - 1 && box.right <= trackBox.x + trackBox.width + 1);
      expect(fullyShown).toHaveLength(perView);
    });
  }

  test('phones (narrower than 576px) get the game alone; small screens and up get the carousel', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/game/${HOBO.id}`);
    await expect(gameFrame(page)).toBeVisible();
    await expect(carousel(page)).toHaveCount(0);
    await page.setViewportSize({ width: 576, height: 812 });
    await expect(carousel(page)).toBeVisible();
  });
});
