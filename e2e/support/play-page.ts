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
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}
