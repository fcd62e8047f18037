import { useSyncExternalStore, type RefObject } from 'react';
import { Icon } from 'ui';
import { enterFullscreen, isFullscreenSupported } from './fullscreen';

const subscribeToNothing = () => () => undefined;
const supportedInBrowser = () => isFullscreenSupported();
/** The page rendered at build time (decision 0032) shows the button, as most browsers will. */
const assumedOnServer = () => true;

/** Puts the target (the game's stage) into browser fullscreen; hidden where that cannot work. */
export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const supported = useSyncExternalStore(subscribeToNothing, supportedInBrowser, assumedOnServer);
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
