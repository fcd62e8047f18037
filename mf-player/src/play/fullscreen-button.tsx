import type { RefObject } from 'react';
import { enterFullscreen } from './fullscreen';
import { prefersTheatre } from './theatre';
import { Icon, VISUALLY_HIDDEN_WHEN_CLASS } from '@portal/ui';

/**
 * Puts the target (the game's stage) into browser fullscreen; where that can not work (iPhone
 * Safari) or on a phone held sideways, into theatre mode (onTheatre).
 */
export function FullscreenButton({ target, onTheatre }: { target: RefObject<HTMLElement | null>; onTheatre: () => void }) {
  const onClick = () => {
    const element = target.current;
    if (prefersTheatre(element)) onTheatre();
    // A refusal (no user activation, policy) just leaves the page as it is.
    else if (element) enterFullscreen(element).catch(() => {});
  };

  return (
    <button type="button" className="button button--primary play-page__fullscreen" onClick={onClick}>
      <Icon name="fullscreen" size={18} />
      <span className={`play-page__fullscreen-label ${VISUALLY_HIDDEN_WHEN_CLASS}`}>Fullscreen</span>
    </button>
  );
}
