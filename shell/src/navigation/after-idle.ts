import type { LinkPrefetcher } from './idle-prefetch';
import { startLinkPrefetch } from './link-prefetch';
import { startPageTransitions } from './page-transitions';

/**
 * What a tab starts once its first page is idle, as one chunk so the first visit pays for none
 * of it: the link prefetcher and the cross-fade between pages.
 */
export function startAfterIdle(): LinkPrefetcher {
  startPageTransitions();
  return startLinkPrefetch();
}
