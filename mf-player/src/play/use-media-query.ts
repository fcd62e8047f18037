import { useCallback, useSyncExternalStore } from 'react';

/**
 * "Small" screens and up, as product §2.11 uses the word: at least 576px wide (the usual
 * small breakpoint). Below it the play page shows only the game.
 */
export const SMALL_SCREEN_QUERY = '(min-width: 576px)';

/** Whether a media query matches, kept live as the window resizes. False without matchMedia. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, () => false);
}

/** Phones: narrower than small, or a phone held sideways (short and touch-driven). */
export const PHONE_QUERY = '(max-width: 575.98px), (max-height: 500px) and (pointer: coarse)';
