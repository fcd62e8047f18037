import { enterFullscreen } from './fullscreen';
import { prefersTheatre } from './theatre';
import { Icon } from '@portal/ui';

// lock() is missing in some browsers (iPhone Safari), whatever lib.dom says.
type OrientationLock = Omit<ScreenOrientation, 'lock'> & { lock?: (orientation: 'landscape') => Promise<void> };

/**
 * Phones: a tap-to-play cover over the stage. The tap is the user activation the Fullscreen API
 * needs, so the game opens full screen (and turns sideways where the browser allows a lock);
 * where the element can not go fullscreen (iPhone Safari), or on a phone held sideways, it opens
 * theatre mode instead.
 */
export function PlayCover({
  gameName,
  landscape,
  stage,
  onStart,
  onTheatre,
}: {
  gameName: string;
  landscape: boolean;
  stage: () => HTMLElement | null;
  onStart: () => void;
  onTheatre: () => void;
}) {
  const start = async () => {
    const element = stage();
    if (prefersTheatre(element)) onTheatre();
    else if (element) {
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
        <Icon name="play" size={34} solid />
      </span>
      <span className="play-cover__text">Tap to play {gameName}</span>
    </button>
  );
}
