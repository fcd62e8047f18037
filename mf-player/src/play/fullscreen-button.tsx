import { useState, type RefObject } from 'react';
import { enterFullscreen, isFullscreenSupported } from './fullscreen';

/** Puts the target (the game's stage) into browser fullscreen; hidden where that cannot work. */
export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const [supported] = useState(() => isFullscreenSupported());
  if (!supported) return null;

  const onClick = () => {
    const element = target.current;
    // A refusal (no user activation, policy) just leaves the page as it is.
    if (element) enterFullscreen(element).catch(() => {});
  };

  return (
    <button type="button" className="button button--primary play-page__fullscreen" onClick={onClick}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
        />
      </svg>
      <span className="play-page__fullscreen-label">Fullscreen</span>
    </button>
  );
}
