import { useCallback, useEffect, useState } from 'react';
import { useLoadedFlag } from './use-loaded-flag';

/**
 * How long a game's frame may take to load before the page says it isn't loading. The catalogue's
 * games load in 1–4 s on a phone over 4G (their first HTML page; assets stream in later inside
 * the game), so 12 s is well past a slow start, and still short enough that a player has not
 * given up and left yet.
 */
export const LOAD_TIMEOUT_MS = 12_000;

/** The state of one game frame's load: which attempt is on screen, whether it loaded or stalled. */
export interface FrameLoad {
  /** The link, and after a Retry the attempt's number: a new key is a new frame. */
  key: string;
  loading: boolean;
  /** Still loading after LOAD_TIMEOUT_MS. */
  stalled: boolean;
  /** This attempt stalled at some point, even if it loaded later (perhaps only the browser's error page). */
  late: boolean;
  markLoaded: () => void;
  /** Loads the game again in a fresh frame. */
  retry: () => void;
}

/** Loading, stalled and retried state of the frame for `link` (none when there is no link). */
export function useFrameLoad(link: string | undefined, timeoutMs = LOAD_TIMEOUT_MS): FrameLoad {
  const [attempt, setAttempt] = useState<{ link?: string; count: number }>({ count: 0 });
  const count = attempt.link === link ? attempt.count : 0;
  const key = count === 0 ? (link ?? '') : `${link ?? ''}#retry-${count}`;
  const { loading, markLoaded } = useLoadedFlag(key);
  const [stalledKey, setStalledKey] = useState<string>();
  const waiting = link !== undefined && loading;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setStalledKey(key), timeoutMs);
    return () => clearTimeout(timer);
  }, [waiting, key, timeoutMs]);
  const retry = useCallback(() => setAttempt({ link, count: count + 1 }), [link, count]);
  return { key, loading, stalled: waiting && stalledKey === key, late: stalledKey === key, markLoaded, retry };
}
