/** How long a new page may take to draw its heading, or a restored page to grow tall enough. */
export const ARRIVAL_WAIT_MS = 5000;

/** The page has drawn itself: its heading is there and no placeholder stands in for it. */
function pageHeading(main: Element): HTMLElement | null {
  if (main.querySelector('.remote-placeholder')) return null;
  return main.querySelector<HTMLElement>('h1');
}

/** Runs `ready` each time `main` changes until it returns true, or until the wait ends. */
function whenReady(main: Element, ready: () => boolean): () => void {
  if (ready()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (ready()) stop();
  });
  const timer = window.setTimeout(() => stop(), ARRIVAL_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * A new page (a link, a search, a redirect): the window starts at its top and focus goes to the
 * page's heading once the page has drawn it, so a screen reader announces the new page and Tab
 * continues from there. A page that moves focus itself afterwards (the play page hands it to the
 * game) keeps that choice. Returns a function that stops waiting.
 */
export function arriveAtNewPage(main: Element): () => void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  return whenReady(main, () => {
    const heading = pageHeading(main);
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  });
}

/**
 * Back or Forward: the window returns to where the player left this page, as soon as the page is
 * tall enough to scroll there. Returns a function that stops waiting.
 */
export function returnToPage(main: Element, top: number): () => void {
  return whenReady(main, () => {
    // Until the page is drawn it may still be too short to scroll that far.
    if (document.documentElement.scrollHeight - window.innerHeight < top && pageHeading(main) === null) return false;
    window.scrollTo({ top, left: 0, behavior: 'instant' });
    return true;
  });
}
