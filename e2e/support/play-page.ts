import { expect, type Page } from '@playwright/test';
import { remotePagesMounted } from './federation';

/**
 * Scrolls down with the mouse wheel, as a player would. The play page undoes scrolls that a game
 * key chained to the page while the game has focus (it takes focus on arrival), so a scripted
 * scroll (scrollIntoView, or a click's own scroll) would be undone as one.
 */
export async function scrollToBottomAsAPlayer(page: Page): Promise<void> {
  await remotePagesMounted(page);
  await page.mouse.move(10, 300);
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}
