import { addTransitionType, startTransition } from 'react';
import { PAGE_CHANGE } from './page-change';

/**
 * What opens another page for the player to see: a link clicked (or Enter on it), a search sent.
 * A button that also changes the route (Logout) is left out: it changes the page it is on at
 * once, and a fade would show that in-between state (a signed-out profile) for its whole length.
 */
const ASKS = {
  click: (target: Element) => target.closest('a[href]') !== null,
  submit: (target: Element) => target.matches('form[role="search"]'),
} as const;

/**
 * A link or a search that took the player to another page marks the router's route change as a
 * page change, which the page's ViewTransition cross-fades (layout.tsx). The path is noted before
 * the site handles the event (capture) and compared after (bubbling): the router has then queued
 * its transition, and a type added in the same event joins it. Loaded with the prefetcher, once
 * the first page is idle: a click before that changes the page without the fade. Returns how to stop.
 */
export function markPageChanges(): () => void {
  let pathBefore: string | null = null;
  const before = (event: Event) => {
    const asks = ASKS[event.type as keyof typeof ASKS];
    pathBefore = event.target instanceof Element && asks(event.target) ? window.location.pathname : null;
  };
  const after = () => {
    if (pathBefore !== null && window.location.pathname !== pathBefore)
      startTransition(() => {
        addTransitionType(PAGE_CHANGE);
      });
    pathBefore = null;
  };
  for (const type of Object.keys(ASKS)) {
    document.addEventListener(type, before, true);
    document.addEventListener(type, after);
  }
  return () => {
    for (const type of Object.keys(ASKS)) {
      document.removeEventListener(type, before, true);
      document.removeEventListener(type, after);
    }
  };
}
