import { pageHeading } from './page-arrival';
import { sitePathOf } from './site-links';

/**
 * Longest the old page stays on screen while the new one renders. A page whose module is already
 * here (the prefetch's work) draws well within it; one still loading is shown with its
 * placeholder once it passes.
 */
export const HOLD_LIMIT_MS = 250;

export interface PageTransitionOptions {
  holdLimitMs?: number;
  /** Whether the player asked for less motion; read at each click. */
  reducedMotion?: () => boolean;
}

/** The next page has drawn itself in `main` (its own heading, no placeholder), or the hold limit passed. */
function whenNextPageDrawn(main: Element, holdLimitMs: number): Promise<void> {
  const before = main.querySelector('h1');
  const words = before?.textContent;
  const drawn = () => {
    const heading = pageHeading(main);
    return heading !== null && (heading !== before || heading.textContent !== words);
  };
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (drawn()) done();
    });
    const timer = window.setTimeout(done, holdLimitMs);
    function done() {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve();
    }
    observer.observe(main, { childList: true, subtree: true, characterData: true });
  });
}

/** A plain left click (or Enter) on a link to another page of this site. */
function siteLinkClicked(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || sitePathOf(link) === null) return null;
  const to = new URL(link.href);
  const samePage = to.pathname === window.location.pathname && to.search === window.location.search;
  return samePage ? null : link;
}

/**
 * Pages opened by a link cross-fade where the browser has view transitions (decision 0041). The
 * click is held until the browser has captured the old page, then given again to the same element,
 * so the router (and any other listener) takes it once, as it would have; the browser shows the
 * new page as soon as it has drawn itself in `main`. Unlike React's `<ViewTransition>`, this
 * never waits for images. Back and Forward, a search and a redirect do not fade, nor does
 * anything when the player asks for less motion. Returns a function that stops it.
 */
export function startPageTransitions({
  holdLimitMs = HOLD_LIMIT_MS,
  reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
}: PageTransitionOptions = {}): () => void {
  if (typeof document.startViewTransition !== 'function') return () => undefined;
  const replays = new WeakSet<Event>();
  let fading = false;

  const giveAgain = (original: MouseEvent, link: HTMLAnchorElement) => {
    const target = original.target instanceof Element && original.target.isConnected ? original.target : link;
    if (!target.isConnected) {
      // The page changed under the held click: it still goes where the player asked.
      window.location.assign(link.href);
      return;
    }
    const again = new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      detail: original.detail,
      clientX: original.clientX,
      clientY: original.clientY,
      screenX: original.screenX,
      screenY: original.screenY,
    });
    replays.add(again);
    target.dispatchEvent(again);
  };

  const onClick = (event: MouseEvent) => {
    if (replays.has(event) || fading || reducedMotion()) return;
    const link = siteLinkClicked(event);
    const main = document.getElementById('main');
    if (!link || !main) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    fading = true;
    const transition = document.startViewTransition(() => {
      const drawn = whenNextPageDrawn(main, holdLimitMs);
      giveAgain(event, link);
      return drawn;
    });
    const over = () => {
      fading = false;
    };
    transition.finished.then(over, over);
  };

  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
