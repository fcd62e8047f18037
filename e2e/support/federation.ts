import type { BrowserContext, Page } from '@playwright/test';

/**
 * Where each shared singleton was loaded from in this tab ("<part>@<version>"), read from the
 * federation runtime's share scopes. An empty list: nothing on the page has needed it yet.
 */
export function loadedSharedCopies(page: Page, names: readonly string[]): Promise<Record<string, string[]>> {
  return page.evaluate((packageNames) => {
    // A tree-shaken singleton (decision 0016) records its load under treeShaking.
    type Shared = { from: string; loaded?: boolean; treeShaking?: { loaded?: boolean } };
    const scopes = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const result: Record<string, string[]> = {};
    for (const name of packageNames) {
      const sources = new Set<string>();
      for (const scope of Object.values(scopes))
        for (const packages of Object.values(scope))
          for (const [version, shared] of Object.entries(packages[name] ?? {}))
            if (shared.loaded || shared.treeShaking?.loaded) sources.add(`${shared.from}@${version}`);
      result[name] = [...sources];
    }
    return result;
  }, names);
}

/**
 * Waits until every remote whose page came in the server's HTML (decision 0032) has hydrated it:
 * from then on its buttons and sliders answer, so a test that measures or clicks does not race
 * the hand-over. The shell drops the root's `data-remote-fragments` when the last one has.
 */
export async function remotePagesMounted(page: Page): Promise<void> {
  await page.locator('#root[data-remote-fragments]').waitFor({ state: 'detached' });
}

/**
 * Holds every request the browser makes to one part (its port) until the returned release()
 * lets them through, e.g. to see the page as the server's HTML alone draws it.
 */
export async function holdPart(context: BrowserContext, port: number): Promise<() => Promise<void>> {
  const pattern = `http://localhost:${port}/**`;
  const held: Array<() => Promise<void>> = [];
  await context.route(pattern, (route) => {
    held.push(() => route.continue());
  });
  return async () => {
    await context.unroute(pattern);
    for (const release of held) await release();
  };
}
