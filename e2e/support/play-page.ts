import { expect, type Page } from '@playwright/test';
import { remotePagesMounted } from './federation';

/**
 * Scrolls down with the mouse wheel, as a player would, with the pointer beside the game near the
 * window's bottom edge: a wheel over the game stays in the game (its stage contains scrolls).
 */
export async function scrollToBottomAsAPlayer(page: Page): Promise<void> {
  await remotePagesMounted(page);
  const height = page.viewportSize()?.height ?? 600;
  await page.mouse.move(10, height - 10);
  // Until the bottom is reached, as a player keeps scrolling: a wheel given while the page is still
  // growing (its rows drawn after the first frame) stops short of it.
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    const atBottom = await page.evaluate(
      () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
    );
    expect(atBottom).toBe(true);
  }).toPass();
}
