import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { remotePagesMounted } from '../support/federation';

// Theatre mode: where the game's stage can not go fullscreen (iPhone Safari has no element
// fullscreen) or on a phone held sideways, Play and Fullscreen put the game over the whole
// window, the site's header hidden under it, with an exit control; Back leaves it first.
const HOBO = { id: 5, name: 'Hobo Speedster' };
const HINT = 'Turn your phone sideways for a bigger game.';
const stage = (page: Page) => page.locator('main .game-frame');
const exit = (page: Page) => page.getByRole('button', { name: 'Exit full screen' });

/** A browser like iPhone Safari: no element fullscreen at all. */
async function withoutElementFullscreen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false, configurable: true });
    Object.defineProperty(Element.prototype, 'requestFullscreen', { value: undefined, configurable: true });
  });
}

async function expectTheatre(page: Page, width: number, height: number): Promise<void> {
  await expect(stage(page)).toHaveClass(/game-frame--theatre/);
  await expect.poll(async () => (await stage(page).boundingBox())!).toEqual({ x: 0, y: 0, width, height });
  // The header is under the game: what is at its place is the game.
  const onTop = await page.evaluate(() => document.elementFromPoint(window.innerWidth / 2, 20)?.closest('.game-frame') !== null);
  expect(onTop).toBe(true);
  await expect(exit(page)).toBeVisible();
  const button = (await exit(page).boundingBox())!;
  expect(button.width).toBeGreaterThanOrEqual(44);
  expect(button.x).toBeLessThan(60);
  expect(button.y).toBeLessThan(60);
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
}

async function expectInPage(page: Page): Promise<void> {
  await expect(stage(page)).not.toHaveClass(/game-frame--theatre/);
  await expect(exit(page)).toHaveCount(0);
  await expect(page).toHaveURL(`/game/${HOBO.id}`);
  await expect(page.locator('header').first()).toBeVisible();
}

test.describe('a phone without element fullscreen, 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Play opens theatre mode; Back leaves it, then the page; the hint says turning gives a bigger game', async ({ page }) => {
    await withoutElementFullscreen(page);
    await page.goto('/');
    await page.goto(`/game/${HOBO.id}`);
    await remotePagesMounted(page);
    // Turned, Play gives 693x390 instead of 390x219: the hint is true here.
    await expect(page.getByText(HINT)).toBeVisible();
    await page.getByRole('button', { name: `Tap to play ${HOBO.name}` }).click();
    await expectTheatre(page, 390, 844);
    await expect(page.getByRole('button', { name: /^Tap to play/ })).toHaveCount(0);

    await page.goBack();
    await expectInPage(page);
    await page.goBack();
    await expect(page).toHaveURL('/');
  });

  test('Fullscreen opens theatre mode too, and its exit control leaves it (with its history entry)', async ({ page }) => {
    await withoutElementFullscreen(page);
    await page.goto('/');
    await page.goto(`/game/${HOBO.id}`);
    await remotePagesMounted(page);
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expectTheatre(page, 390, 844);
    await exit(page).click();
    await expectInPage(page);
    await page.goBack();
    await expect(page).toHaveURL('/');
  });
});

test.describe('a phone held sideways, 844x390 (element fullscreen available)', () => {
  test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });

  test('Play and Fullscreen open theatre mode, not browser fullscreen; no hint to turn', async ({ page }) => {
    await page.goto(`/game/${HOBO.id}`);
    await remotePagesMounted(page);
    await expect(page.getByText(HINT)).toBeHidden();
    await page.getByRole('button', { name: `Tap to play ${HOBO.name}` }).click();
    await expectTheatre(page, 844, 390);
    // The game is as big as the window allows: 844x390, not 385x217 under the header.
    await page.goBack();
    await expectInPage(page);
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expectTheatre(page, 844, 390);
    await exit(page).click();
    await expectInPage(page);
  });
});

test.describe('a desktop, 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Fullscreen is browser fullscreen where it works; theatre mode where it does not; no hint', async ({ page }) => {
    await page.goto(`/game/${HOBO.id}`);
    await remotePagesMounted(page);
    await expect(page.getByText(HINT)).toBeHidden();
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toContain('game-frame');
    await expect(exit(page)).toHaveCount(0);
    await page.evaluate(() => document.exitFullscreen());
  });

  test('without element fullscreen, theatre mode over the window; Back leaves it', async ({ page }) => {
    await withoutElementFullscreen(page);
    await page.goto(`/game/${HOBO.id}`);
    await remotePagesMounted(page);
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expectTheatre(page, 1440, 900);
    await page.goBack();
    await expectInPage(page);
  });
});
