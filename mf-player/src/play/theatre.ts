import { useCallback, useEffect, useState } from 'react';
import { isFullscreenSupported } from './fullscreen';

/** A phone held sideways: short, touch-driven, wider than high (PHONE_QUERY's landscape half). */
export const PHONE_LANDSCAPE_QUERY = '(max-height: 500px) and (pointer: coarse) and (orientation: landscape)';

/** The texts of theatre mode (the SPEC has none for it). */
export const THEATRE_TEXT = { exit: 'Exit full screen' } as const;

/** The history entry's mark that theatre mode is on: Back leaves theatre mode before the page. */
const THEATRE_STATE = 'playTheatre';

type FullscreenElement = HTMLElement & { webkitRequestFullscreen?: () => void };

/**
 * Whether "Play" and "Fullscreen" open theatre mode (the game over the whole window) rather than
 * browser fullscreen: where the element can not go fullscreen (iPhone Safari has no element
 * fullscreen), or on a phone held sideways, where fullscreen would only hide the browser's bars.
 */
export function prefersTheatre(target: FullscreenElement | null, win: Window = window): boolean {
  const canFullscreen =
    isFullscreenSupported(win.document) &&
    (typeof target?.requestFullscreen === 'function' || typeof target?.webkitRequestFullscreen === 'function');
  return !canFullscreen || (typeof win.matchMedia === 'function' && win.matchMedia(PHONE_LANDSCAPE_QUERY).matches);
}

const inTheatreEntry = () => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[THEATRE_STATE] === true;
};

/**
 * Theatre mode, with a history entry of its own: entering pushes one (same URL, the router's state
 * kept), Back pops it and so leaves theatre mode first, and the exit control goes back too.
 */
export function useTheatre(): { theatre: boolean; enter: () => void; exit: () => void } {
  const [theatre, setTheatre] = useState(false);
  useEffect(() => {
    if (!theatre) return undefined;
    const onPop = () => {
      if (!inTheatreEntry()) setTheatre(false);
    };
    // Escape reaches the page when focus is on it (the exit control), not inside the game.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && inTheatreEntry()) window.history.back();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('keydown', onKey);
    };
  }, [theatre]);
  const enter = useCallback(() => {
    if (!inTheatreEntry()) window.history.pushState({ ...(window.history.state as object | null), [THEATRE_STATE]: true }, '');
    setTheatre(true);
  }, []);
  const exit = useCallback(() => {
    if (inTheatreEntry()) window.history.back();
    else setTheatre(false);
  }, []);
  return { theatre, enter, exit };
}
