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
 * - a key the game itself did not consume can still chain a scroll to the page: while the frame has
 *   focus, such a keyboard scroll is undone.
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
    if (gameKey === undefined) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !GAME_KEYS.has(event.key)) return;
      if (!isPlayingTarget(event.target, frameRef.current, stageRef.current)) return;
      event.preventDefault();
      frameRef.current?.focus({ preventScroll: true });
    };
    // A scroll while the frame has focus and the last input was a key is a chained keyboard scroll.
    // The frame may have focus already (a frame from the server's HTML, decision 0032, takes it
    // at once, before these listeners): then keys go to the game from the start.
    let lastInput: 'key' | 'pointer' = document.activeElement === frameRef.current ? 'key' : 'pointer';
    let anchor = window.scrollY;
    const onPointer = () => {
      lastInput = 'pointer';
    };
    const onBlur = () => {
      // The window loses focus to the frame: from now on keys go to the game.
      if (document.activeElement === frameRef.current) {
        lastInput = 'key';
        anchor = window.scrollY;
      }
    };
    const onScroll = () => {
      if (document.activeElement === frameRef.current && lastInput === 'key')
        window.scrollTo({ top: anchor, behavior: 'instant' });
      else anchor = window.scrollY;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('wheel', onPointer, { passive: true });
    window.addEventListener('pointerdown', onPointer, { passive: true });
    window.addEventListener('touchstart', onPointer, { passive: true });
    window.addEventListener('blur', onBlur);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('wheel', onPointer);
      window.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('touchstart', onPointer);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('scroll', onScroll);
    };
  }, [frameRef, stageRef, gameKey]);
}
