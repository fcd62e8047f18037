import { whenIdle } from '@portal/ui';

/** How long the page's own downloads must have been quiet before it counts as idle. */
export const QUIET_MS = 1000;

/** When the last download of this tab finished (ms on the page's clock), kept by one observer. */
let lastResourceEnd = 0;
let observing = false;

function observeResources(): void {
  if (observing || typeof PerformanceObserver !== 'function') return;
  observing = true;
  // An observer, not getEntriesByType: the resource buffer stops at 250 entries in a long visit.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      lastResourceEnd = Math.max(lastResourceEnd, (entry as PerformanceResourceTiming).responseEnd);
  }).observe({ type: 'resource', buffered: true });
}

/**
 * Resolves once the page has loaded, none of its downloads has finished for `quietMs`, and the
 * browser has an idle moment: what the page needed is in, so what runs next competes with
 * nothing. Never resolves once `signal` is aborted (the player moved on).
 */
export function whenPageIdle(signal: AbortSignal, quietMs = QUIET_MS): Promise<void> {
  observeResources();
  return new Promise((resolve) => {
    const check = () => {
      if (signal.aborted) return;
      const wait = document.readyState === 'complete' ? lastResourceEnd + quietMs - performance.now() : quietMs;
      if (wait > 0) {
        window.setTimeout(check, wait);
        return;
      }
      const done = () => {
        if (!signal.aborted) resolve();
      };
      whenIdle(done, 2000);
    };
    check();
  });
}
