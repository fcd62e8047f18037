import { useEffect } from 'react';
import { prefetchWelcome } from './connection';
import { whenPageIdle } from './page-idle';

/** Performance marks around each idle prefetch: the budget test and the e2e tests read them. */
export const IDLE_PREFETCH_MARK = 'portal:idle-prefetch';
export const IDLE_PREFETCH_DONE_MARK = 'portal:idle-prefetch-done';

/** What the prefetcher's own chunk (link-prefetch.ts) gives once loaded. */
export interface LinkPrefetcher {
  prefetchVisible(signal: AbortSignal): Promise<unknown>;
}

let prefetcher: Promise<LinkPrefetcher> | undefined;

/** The prefetcher's chunk, loaded and started once per tab (again after a failed load). */
function loadPrefetcher(): Promise<LinkPrefetcher> {
  prefetcher ??= import('./link-prefetch').then(
    ({ startLinkPrefetch }) => startLinkPrefetch(),
    (error: unknown) => {
      prefetcher = undefined;
      throw error;
    },
  );
  return prefetcher;
}

export interface IdlePrefetchOptions {
  welcome?: () => boolean;
  load?: () => Promise<LinkPrefetcher>;
  quietMs?: number;
}

/**
 * Once the page shown under `pageKey` is idle, prefetches the remote modules its visible links
 * lead to (decision 0041). Only this and the idle wait are in the first visit's bundle; the
 * prefetcher itself is a chunk loaded then, and nothing at all on Save-Data or 2G.
 */
export function useIdlePrefetch(
  pageKey: string,
  { welcome = prefetchWelcome, load = loadPrefetcher, quietMs }: IdlePrefetchOptions = {},
): void {
  useEffect(() => {
    const controller = new AbortController();
    // A function, not the flag: the player may leave the page during each await below.
    const left = () => controller.signal.aborted;
    whenPageIdle(controller.signal, quietMs)
      .then(async () => {
        if (left() || !welcome()) return;
        performance.mark(IDLE_PREFETCH_MARK);
        await (await load()).prefetchVisible(controller.signal);
        if (!left()) performance.mark(IDLE_PREFETCH_DONE_MARK);
      })
      .catch((error: unknown) => {
        // A speculation only: the next page loads what it needs itself.
        console.warn('[navigation] idle prefetch failed', error);
      });
    return () => controller.abort();
  }, [pageKey, welcome, load, quietMs]);
}
