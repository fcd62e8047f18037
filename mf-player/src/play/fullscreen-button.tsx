import type { RefObject } from 'react';
import { enterFullscreen, isFullscreenSupported } from './fullscreen';
import { Icon, useBrowserValue } from 'ui';

const supportedInBrowser = () => isFullscreenSupported();

/** Puts the target (the game's stage) into browser fullscreen; hidden where that cannot work. */
export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  // The page rendered at build time (decision 0032) shows the button, as most browsers will.
  const supported = useBrowserValue(supportedInBrowser, true);
  if (!supported) return null;

  const onClick = () => {
    const element = target.current;
    // A refusal (no user activation, policy) just leaves the page as it is.
    if (element) enterFullscreen(element).catch(() => {});
  };

  return (
    <button type="button" className="button button--primary play-page__fullscreen" onClick={onClick}>
      <Icon name="fullscreen" size={18} />
      <span className="play-page__fullscreen-label">Fullscreen</span>
    </button>
  );
}
