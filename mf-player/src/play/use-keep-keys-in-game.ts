import { useEffect, type RefObject } from 'react';

/** Keys a game uses that would otherwise scroll the page (an addition beyond docs/product.md: arrows and space belong to the game). */
export const GAME_KEYS: ReadonlySet<string> = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  ' ',
  'Spacebar',
  'PageUp',
  'PageDown',
]);

/** Whether a key press with focus on `target` belongs to the game rather than to the page. */
export function isPlayingTarget(target: EventTarget | null, frame: HTMLIFrameElement | null, stage: HTMLElement | null): boolean {
  if (!frame || !(target instanceof Node)) return false;
  if (target === frame || target === document.body || target === document.documentElement) return true;
  // The stage itself (or the page between clicks) but not its buttons or links.
  return stage !== null && target === stage;
}

/**
 * While the player is playing, the game's keys never scroll the page:
 * - on arrival (and when the game changes) focus moves into the game's frame;
 * - a game key pressed with focus on the page (body or stage) is stopped and focus goes back to the frame;
 * - a key the game itself does not consume would chain a scroll to the page: the stage's
 *   `overscroll-behavior: contain` (game-frame.css) stops that chain in the browser, so the page
 *   never has to guess which scrolls to undo. (It did: undoing every scroll it could not tie to
 *   a pointer also undid the scroll that brings a link into view for a click, find in page and
 *   screen readers, and a click then landed on the game instead of the link.)
 * Focus on a link, button or field outside the game keeps its normal keys.
 */
export function useKeepKeysInGame(
  frameRef: RefObject<HTMLIFrameElement | null>,
  stageRef: RefObject<HTMLElement | null>,
  gameKey: string | undefined,
): void {
  useEffect(() => {
    if (gameKey === undefined) return;
    const frame = frameRef.current;
    frame?.focus({ preventScroll: true });
  }, [frameRef, gameKey]);

  useEffect(() => {
    if (gameKey === undefined) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !GAME_KEYS.has(event.key)) return;
      if (!isPlayingTarget(event.target, frameRef.current, stageRef.current)) return;
      event.preventDefault();
      frameRef.current?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [frameRef, stageRef, gameKey]);
}
