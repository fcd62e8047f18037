import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { useIdlePrefetch } from './idle-prefetch';
import { arriveAtNewPage, PLAYER_INPUT, returnToPage } from './page-arrival';

/** Where the window was on each history entry (by react-router's location key), for Back and Forward. */
const scrollPositions = new Map<string, number>();

/**
 * Where a page starts after an in-site navigation: a new page at its top with focus on its
 * heading, fading in, Back and Forward where the player left that page. Without it the window
 * stayed where the last page was scrolled to. And what the next click will need, prefetched once
 * the page is idle. Rendered once, inside the router; draws nothing.
 */
export function NavigationEffects() {
  const location = useLocation();
  // 'POP' is Back or Forward; its enum is a router export the shared copy does not carry.
  const navigationType: string = useNavigationType();
  const arrived = useRef(false);
  /** Set by the player's first click, tap, key or scroll: until then a redirect is still the browser's load. */
  const playerActed = useRef(false);
  /** The entry on screen: scroll events are its position, even one the next page's first layout causes. */
  const shownKey = useRef(location.key);

  useEffect(() => {
    // The router restores nothing itself; the browser's own restoration would jump before the page is drawn.
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => scrollPositions.set(shownKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    const acted = () => {
      playerActed.current = true;
    };
    for (const type of PLAYER_INPUT) window.addEventListener(type, acted, { capture: true, passive: true, once: true });
    return () => {
      window.history.scrollRestoration = previous;
      window.removeEventListener('scroll', remember);
      for (const type of PLAYER_INPUT) window.removeEventListener(type, acted, true);
    };
  }, []);

  // Before the new page paints: at the top (or where Back returns to), never first where the last page was.
  useLayoutEffect(() => {
    // Switched before any scroll event of the new page: the old entry keeps the player's last position.
    shownKey.current = location.key;
    // The first page is the browser's own load: the server's HTML decides where it starts. A
    // redirect before the player has done anything (Categories to its first category) is too.
    if (!arrived.current || (navigationType === 'REPLACE' && !playerActed.current)) {
      arrived.current = true;
      return undefined;
    }
    const main = document.getElementById('main');
    if (!main) return undefined;
    // Read by layout.css: a new page fades in, Back and Forward (POP) show theirs at once.
    main.dataset.navigation = navigationType;
    if (navigationType === 'POP') return returnToPage(main, scrollPositions.get(location.key) ?? 0);
    return arriveAtNewPage(main);
  }, [location.key, navigationType]);

  // Each page, once idle, fetches what its visible links lead to (decision 0041).
  useIdlePrefetch(location.key);

  return null;
}
