import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';

/**
 * How long a loaded game must stay in view before its play counts: long enough that a page
 * opened and left at once (or a frame showing the browser's error page, which the page can not
 * tell from a game) is not a play, short enough that every real start is one.
 */
export const PLAY_VIEW_MS = 5_000;
/** Share of the stage that must be on screen for the game to be "in view". */
const IN_VIEW_RATIO = 0.5;

export interface PlayStartInputs {
  stageRef: RefObject<HTMLElement | null>;
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The frame's load key (useFrameLoad): one start per key at most. */
  loadKey: string;
  loaded: boolean;
  /** The "isn't loading" card is up: nothing counts while the player is told it failed. */
  blocked: boolean;
  /** Only an interaction counts (a frame that loaded after it stalled may show an error page). */
  interactionOnly: boolean;
  /** Set by the page when the player started the game itself (the phone's tap-to-play). */
  interactedKey: string | undefined;
  onStart: () => void;
}

/**
 * Calls onStart once the game has really started: the frame loaded and then stayed in view
 * (half of it, with the tab visible) for PLAY_VIEW_MS, or the player interacted with it (a tap
 * on its cover, a click into the frame). A frame that has not loaded never counts; one that
 * loaded only after the page said it isn't loading counts on an interaction alone.
 */
export function usePlayStart({
  stageRef,
  frameRef,
  loadKey,
  loaded,
  blocked,
  interactionOnly,
  interactedKey,
  onStart,
}: PlayStartInputs): void {
  const startedKey = useRef<string | undefined>(undefined);
  const [clickedKey, setClickedKey] = useState<string>();
  const start = useEffectEvent(() => {
    if (startedKey.current === loadKey) return;
    startedKey.current = loadKey;
    onStart();
  });
  const live = loaded && !blocked;

  // A click into the frame: the page sees only its own window losing focus while the pointer is
  // over the frame (the frame's own events stay inside it).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    let over = false;
    const enter = () => (over = true);
    const leave = () => (over = false);
    const blur = () => {
      if (over && document.activeElement === frame) setClickedKey(loadKey);
    };
    frame.addEventListener('pointerenter', enter);
    frame.addEventListener('pointerleave', leave);
    window.addEventListener('blur', blur);
    return () => {
      frame.removeEventListener('pointerenter', enter);
      frame.removeEventListener('pointerleave', leave);
      window.removeEventListener('blur', blur);
    };
  }, [frameRef, loadKey]);

  const interacted = interactedKey === loadKey || clickedKey === loadKey;
  useEffect(() => {
    if (live && interacted) start();
  }, [live, interacted, loadKey]);

  useEffect(() => {
    const stage = stageRef.current;
    if (!live || interactionOnly || !stage) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inView = typeof IntersectionObserver !== 'function';
    const update = () => {
      const watching = inView && document.visibilityState === 'visible';
      if (watching && timer === undefined) timer = setTimeout(start, PLAY_VIEW_MS);
      if (!watching && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              const entry = entries.at(-1);
              inView = entry !== undefined && entry.isIntersecting && entry.intersectionRatio >= IN_VIEW_RATIO;
              update();
            },
            { threshold: [0, IN_VIEW_RATIO, 1] },
          )
        : undefined;
    observer?.observe(stage);
    document.addEventListener('visibilitychange', update);
    update();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
      clearTimeout(timer);
    };
  }, [live, interactionOnly, stageRef, loadKey]);
}
