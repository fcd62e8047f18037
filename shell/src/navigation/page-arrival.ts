import { afterNextPaint, whenIdle } from '@portal/ui';

/**
 * How long a new page may take to draw its heading, or a restored page to grow tall enough. Any
 * click, tap or key of the player's own ends the wait sooner: focus and scroll are then theirs.
 */
export const ARRIVAL_WAIT_MS = 15_000;

/** How long after a new page's first paint its focus may wait for an idle moment. */
export const FOCUS_IDLE_WAIT_MS = 200;

/** The player's own input: it ends a page's wait for focus and scroll, and marks a redirect as theirs. */
export const PLAYER_INPUT = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** The page has drawn itself: its heading is there and no placeholder stands in for it. */
function pageHeading(main: Element): HTMLElement | null {
  if (main.querySelector('.remote-placeholder')) return null;
  return main.querySelector<HTMLElement>('h1');
}

function afterPaintWhenIdle(then: () => void): () => void {
  let cancelIdle: () => void = () => undefined;
  const cancelPaint = afterNextPaint(() => {
    cancelIdle = whenIdle(then, FOCUS_IDLE_WAIT_MS);
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}

/**
 * Runs `ready` each time `main` changes until it returns true, the player acts, or the wait ends.
 * `before-paint`: at once, so what it does is in the frame that shows the change (a scroll).
 * `after-paint`: once that frame is on screen and the browser is idle, so what it does holds back
 * neither that frame nor the page's work after it (the rest of its cards, the player's next input).
 */
function whenReady(main: Element, timing: 'before-paint' | 'after-paint', ready: () => boolean): () => void {
  if (timing === 'before-paint' && ready()) return () => undefined;
  let cancelCheck: (() => void) | null = null;
  const check = () => {
    cancelCheck = null;
    if (ready()) stop();
  };
  const schedule = () => {
    if (timing === 'before-paint') check();
    else cancelCheck ??= afterPaintWhenIdle(check);
  };
  const observer = new MutationObserver(schedule);
  const timer = window.setTimeout(stop, ARRIVAL_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    cancelCheck?.();
    cancelCheck = null;
    for (const type of PLAYER_INPUT) window.removeEventListener(type, stop, true);
  }
  observer.observe(main, { childList: true, subtree: true });
  for (const type of PLAYER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  if (timing === 'after-paint') schedule();
  return stop;
}

/**
 * A new page (a link, a search, a redirect): the window starts at its top and focus goes to the
 * page's heading once the page has drawn it, so a screen reader announces the new page and Tab
 * continues from there. Focus moved anywhere else meanwhile (the play page hands it to the game,
 * the player to the search box) stays there. Focus moves after the page's first frame is painted,
 * in an idle moment: moved during the page's render it forced a layout of the half-built page,
 * which the frame then did again. Returns a function that stops waiting.
 */
export function arriveAtNewPage(main: Element): () => void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  // Focus moved since the route changed, even back where it was (the search box left for a
  // suggestion and returned to): the new page gave it to something of its own (the play page,
  // to the game), or the player or a dialog took it (a screen reader's browse mode moves focus
  // without a key the page hears). Either keeps it.
  let focusMoved = false;
  const onFocusIn = () => {
    focusMoved = true;
  };
  document.addEventListener('focusin', onFocusIn, true);
  const stopWaiting = whenReady(main, 'after-paint', () => {
    const heading = pageHeading(main);
    if (!heading) return false;
    if (focusMoved) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  });
  return () => {
    stopWaiting();
    document.removeEventListener('focusin', onFocusIn, true);
  };
}

/**
 * Back or Forward: the window returns to where the player left this page, as soon as the page is
 * tall enough to scroll there. Returns a function that stops waiting.
 */
export function returnToPage(main: Element, top: number): () => void {
  return whenReady(main, 'before-paint', () => {
    // Until the page is drawn it may still be too short to scroll that far.
    if (document.documentElement.scrollHeight - window.innerHeight < top && pageHeading(main) === null) return false;
    window.scrollTo({ top, left: 0, behavior: 'instant' });
    return true;
  });
}
