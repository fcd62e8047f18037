import type { RemoteModuleId } from 'shared-contracts';
import { prefetchWelcome } from './connection';
import { modulesForPath } from './page-modules';
import { prefetchModule } from './prefetch';

/** How long the page's own downloads must have been quiet before it counts as idle. */
export const QUIET_MS = 1000;
/** Performance marks around each idle prefetch (their detail: the modules), for tests and traces. */
export const IDLE_PREFETCH_MARK = 'portal:idle-prefetch';
export const IDLE_PREFETCH_DONE_MARK = 'portal:idle-prefetch-done';

export interface LinkPrefetchOptions {
  prefetch?: (id: RemoteModuleId) => Promise<void>;
  welcome?: () => boolean;
  quietMs?: number;
  /** More of the shell's own code the next page will need whatever it is (the page's title lookup). */
  onIdleAlso?: readonly (() => Promise<unknown>)[];
}

/** The site's own path a link leads to, or null (another site, a download, a hash on this page). */
function sitePathOf(link: HTMLAnchorElement): string | null {
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname : null;
}

/** The modules behind what the player is about to use: a link, or the header's search form. */
function modulesOfTarget(target: EventTarget | null): RemoteModuleId[] {
  if (!(target instanceof Element)) return [];
  const link = target.closest('a[href]');
  if (link instanceof HTMLAnchorElement) {
    const path = sitePathOf(link);
    return path ? modulesForPath(path) : [];
  }
  return target.closest('form[role="search"]') ? modulesForPath('/search') : [];
}

/** Links drawn inside the viewport (a slider's slides off to the side are not). */
function visibleLinkModules(): RemoteModuleId[] {
  const ids = new Set<RemoteModuleId>();
  const { innerWidth, innerHeight } = window;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const path = sitePathOf(link);
    if (!path) continue;
    const box = link.getBoundingClientRect();
    if (box.width === 0 || box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) continue;
    for (const id of modulesForPath(path)) ids.add(id);
  }
  return [...ids];
}

const onIdle = (callback: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 2000 });
  else window.setTimeout(callback, 1);
};

/**
 * Resolves once the page has loaded and none of its downloads has finished for `quietMs`: what
 * the page itself needed is in, so a prefetch competes with nothing (and a first visit's
 * budgets, counted until the network is quiet, never include it).
 */
function afterQuiet(quietMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let timer: number | undefined;
    let loaded = document.readyState === 'complete';
    const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(() => loaded && arm()) : undefined;
    const finish = () => {
      observer?.disconnect();
      window.clearTimeout(timer);
      window.removeEventListener('load', onLoad);
      if (!signal.aborted) resolve();
    };
    function arm() {
      window.clearTimeout(timer);
      timer = window.setTimeout(finish, quietMs);
    }
    function onLoad() {
      loaded = true;
      arm();
    }
    observer?.observe({ type: 'resource' });
    signal.addEventListener('abort', finish);
    if (loaded) arm();
    else window.addEventListener('load', onLoad);
  });
}

/**
 * Prefetches the remote modules a player is likely to open next (decision 0039):
 * - once the page is idle, those of every link drawn in the viewport (and `onIdleAlso`);
 * - at once, those of a link the pointer rests on, a finger touches or the keyboard focuses, and
 *   the search page when the header's search box gets focus.
 * Nothing on Save-Data or a 2G connection. `idleScan()` is called again after each navigation.
 */
export function startLinkPrefetch({
  prefetch = prefetchModule,
  welcome = prefetchWelcome,
  quietMs = QUIET_MS,
  onIdleAlso = [],
}: LinkPrefetchOptions = {}) {
  const onIntent = (event: Event) => {
    if (!welcome()) return;
    for (const id of modulesOfTarget(event.target)) void prefetch(id);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);

  let scan: AbortController | undefined;
  const idleScan = () => {
    scan?.abort();
    const controller = new AbortController();
    scan = controller;
    void afterQuiet(quietMs, controller.signal).then(() => {
      if (controller.signal.aborted || !welcome()) return;
      onIdle(() => {
        if (controller.signal.aborted) return;
        const ids = visibleLinkModules();
        performance.mark(IDLE_PREFETCH_MARK, { detail: ids });
        // All at once: the downloads share the idle line, and each module runs as its own short task.
        void Promise.all([...ids.map((id) => prefetch(id)), ...onIdleAlso.map((warmUp) => warmUp().catch(() => undefined))]).then(
          () => {
            if (!controller.signal.aborted) performance.mark(IDLE_PREFETCH_DONE_MARK, { detail: ids });
          },
        );
      });
    });
  };

  return {
    idleScan,
    stop() {
      scan?.abort();
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('touchstart', onIntent);
      document.removeEventListener('focusin', onIntent);
    },
  };
}
