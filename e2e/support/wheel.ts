import { expect, type Page } from '@playwright/test';

/** Scrolls down with the mouse wheel, as a player does (at the page's left edge, beside any game frame), and waits until the window has moved. */
export async function wheelDown(page: Page, by: number): Promise<number> {
  await page.mouse.move(40, 450);
  await page.mouse.wheel(0, by);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(by / 2);
  return page.evaluate(() => window.scrollY);
}
