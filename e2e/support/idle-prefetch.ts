import type { Page } from '@playwright/test';

/** The shell's marks around each page's idle prefetch (shell/src/navigation/idle-prefetch.ts). */
export const IDLE_PREFETCH_MARK = 'portal:idle-prefetch';
export const IDLE_PREFETCH_DONE_MARK = 'portal:idle-prefetch-done';

/**
 * When (ms since the epoch, the browser's clock) the page shown began its idle prefetch: the
 * first such mark after `after` (same clock), waited for. From then on the page's own loads are
 * over and what it fetches is for the next click.
 */
export async function idlePrefetchStart(page: Page, after = 0): Promise<number> {
  const handle = await page.waitForFunction(
    ({ name, after }) => {
      const mark = performance.getEntriesByName(name).find((m) => performance.timeOrigin + m.startTime > after);
      return mark ? performance.timeOrigin + mark.startTime : null;
    },
    { name: IDLE_PREFETCH_MARK, after },
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until the page's idle prefetch has loaded everything it started (the shell marks it). */
export async function idlePrefetchDone(page: Page): Promise<void> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, IDLE_PREFETCH_DONE_MARK, {
    timeout: 60_000,
  });
}
