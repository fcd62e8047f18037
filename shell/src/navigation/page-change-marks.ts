import { addTransitionType, startTransition } from 'react';
import { PAGE_CHANGE } from './page-change';

/** What the player does to open another page: click (or Enter on) a link, send a search. */
const ASKS = ['click', 'submit'] as const;

/**
 * A click or a search that took the player to another page marks the router's route change as a
 * page change, which the page's ViewTransition cross-fades (layout.tsx). The path is noted before
 * the site handles the event (capture) and compared after (bubbling): the router has then queued
 * its transition, and a type added in the same event joins it. Loaded with the prefetcher, once
 * the first page is idle: a click before that changes the page without the fade. Returns how to stop.
 */
export function markPageChanges(): () => void {
  let pathBefore: string | null = null;
  const before = () => {
    pathBefore = window.location.pathname;
  };
  const after = () => {
    if (pathBefore !== null && window.location.pathname !== pathBefore)
      startTransition(() => {
        addTransitionType(PAGE_CHANGE);
      });
    pathBefore = null;
  };
  for (const type of ASKS) {
    document.addEventListener(type, before, true);
    document.addEventListener(type, after);
  }
  return () => {
    for (const type of ASKS) {
      document.removeEventListener(type, before, true);
      document.removeEventListener(type, after);
    }
  };
}
