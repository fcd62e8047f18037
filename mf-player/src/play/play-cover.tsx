import { enterFullscreen, isFullscreenSupported } from './fullscreen';

type OrientationLock = ScreenOrientation & { lock?: (orientation: 'landscape') => Promise<void> };

/**
 * Phones: a tap-to-play cover over the stage. The tap is the user activation the Fullscreen API
 * needs, so the game opens full screen (and turns sideways where the browser allows a lock);
 * where fullscreen is impossible (iPhone Safari) the cover simply lifts.
 */
export function PlayCover({
  gameName,
  landscape,
  stage,
  onStart,
}: {
  gameName: string;
  landscape: boolean;
  stage: () => HTMLElement | null;
  onStart: () => void;
}) {
  const start = async () => {
    const element = stage();
    if (element && isFullscreenSupported()) {
      try {
        await enterFullscreen(element);
        if (landscape) await (screen.orientation as OrientationLock | undefined)?.lock?.('landscape');
      } catch {
        // Refused or no orientation lock: the game plays where it is.
      }
    }
    onStart();
  };
  return (
    <button type="button" className="play-cover" onClick={() => void start()}>
      <span className="play-cover__icon" aria-hidden="true">
        <svg width="34" height="34" viewBox="0 0 24 24" focusable="false">
          <path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
        </svg>
      </span>
      <span className="play-cover__text">Tap to play {gameName}</span>
    </button>
  );
}
