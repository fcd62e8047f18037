import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { Brand } from '@portal/shared-contracts';
import { hasServerPageMeta } from './server-meta';

/** The title and meta lookup, one chunk (the idle prefetch loads it ahead of the first navigation). */
export const loadPageHead = () => import('./page-head');

/**
 * Keeps the document's title and meta tags in step with the route (decision 0026). The first
 * page's tags come from the server, so the catalogue-sized lookup (./page-head) loads only
 * when the player navigates, or when the page was not pre-rendered (development server).
 */
export function usePageMeta(brand: Brand, load: typeof loadPageHead = loadPageHead): void {
  const { pathname, search } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    const isFirst = firstPage.current;
    firstPage.current = false;
    if (isFirst && hasServerPageMeta(document)) return;
    let current = true;
    load()
      .then(({ applyPageMeta }) => {
        if (current) applyPageMeta(pathname, search, brand);
      })
      .catch((error: unknown) => {
        // The chunk could not load (offline, redeploy): the previous title stays, the page works.
        console.warn('shell: could not update the page title', error);
      });
    return () => {
      current = false;
    };
  }, [pathname, search, brand, load]);
}
