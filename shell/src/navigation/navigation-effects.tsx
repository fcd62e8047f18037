import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { loadPageHead } from '../seo/use-page-meta';
import { startLinkPrefetch } from './link-prefetch';
import { arriveAtNewPage, returnToPage } from './page-arrival';

/** Where the window was on each history entry (by react-router's location key), for Back and Forward. */
const scrollPositions = new Map<string, number>();

/**
 * What the shell does around each in-site navigation (decision 0039): prefetch what the visible
 * links lead to, start a new page at its top with focus on its heading, and bring Back to where
 * the player was. Rendered once, inside the router; draws nothing.
 */
export function NavigationEffects() {
  const location = useLocation();
  // 'POP' is Back or Forward; its enum is a router export the shared copy does not carry.
  const navigationType: string = useNavigationType();
  const prefetcher = useRef<ReturnType<typeof startLinkPrefetch> | null>(null);
  const arrived = useRef(false);
  /** The entry on screen: scroll events are its position, even one the next page's first layout causes. */
  const shownKey = useRef(location.key);

  useEffect(() => {
    // The router restores nothing itself; the browser's own restoration would jump before the page is drawn.
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const started = startLinkPrefetch({ onIdleAlso: [loadPageHead] });
    prefetcher.current = started;
    return () => {
      window.history.scrollRestoration = previous;
      started.stop();
      prefetcher.current = null;
    };
  }, []);

  useEffect(() => {
    const remember = () => scrollPositions.set(shownKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // Before the new page paints: at the top (or where Back returns to), never first where the last page was.
  useLayoutEffect(() => {
    // Switched before any scroll event of the new page: the old entry keeps the player's last position.
    shownKey.current = location.key;
    // The first page is the browser's own load: the server's HTML decides where it starts.
    if (!arrived.current) {
      arrived.current = true;
      return undefined;
    }
    const main = document.getElementById('main');
    if (!main) return undefined;
    if (navigationType === 'POP') return returnToPage(main, scrollPositions.get(location.key) ?? 0);
    return arriveAtNewPage(main);
  }, [location.key, navigationType]);

  useEffect(() => {
    prefetcher.current?.idleScan();
  }, [location.key]);

  return null;
}
