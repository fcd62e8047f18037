import { useEffect, useEffectEvent, type ReactNode, type Ref } from 'react';
import { PAGE_TEXT } from '@portal/shared-contracts';
import type { FrameLoad } from './use-frame-load';
import './game-frame.css';

/**
 * What a hosted game may do in the frame: run scripts with its own origin (storage, workers),
 * lock the pointer, lock orientation, submit forms and open popups (sponsor and ad links), which
 * leave the sandbox. Never allow-top-navigation*: a game can not navigate the portal away.
 */
export const GAME_SANDBOX =
  'allow-scripts allow-same-origin allow-pointer-lock allow-popups allow-popups-to-escape-sandbox allow-forms allow-orientation-lock';
/** Permissions policy for the frame: sound without a click, fullscreen from inside the game, controllers. */
export const GAME_PERMISSIONS = 'autoplay; fullscreen; gamepad';

export interface GameFrameProps {
  /** An http(s) URL (the caller checks it with toPlayableLink). */
  link: string;
  /** The game's name: the frame's accessible title. */
  title: string;
  /** The frame's load state (useFrameLoad): its key makes a Retry a fresh frame. */
  load: FrameLoad;
  /** The stage element, the target of the fullscreen button. */
  ref?: Ref<HTMLDivElement>;
  /** The iframe itself (the play page moves focus into it). */
  frameRef?: Ref<HTMLIFrameElement>;
  /** Laid over the game (the phone's tap-to-play cover, the "isn't loading" card). */
  children?: ReactNode;
  /** Once per load of the frame (a frame from the server's HTML too). */
  onLoaded?: () => void;
  className?: string;
}

/** The game in a 16:9 stage, covered by 'Game Loading...' until the frame has loaded. */
export function GameFrame({ link, title, load, ref, frameRef, children, onLoaded, className }: GameFrameProps) {
  const { loading, markLoaded, key } = load;
  const loaded = useEffectEvent(() => onLoaded?.());
  useEffect(() => {
    if (!loading) loaded();
  }, [loading, key]);
  return (
    <div ref={ref} className={`game-frame${className ? ` ${className}` : ''}`} aria-busy={loading}>
      {/* Keyed on the link (and attempt): a new game gets a fresh frame, so the old game stops at
          once and its navigation does not pile up in the portal's back-button history. */}
      <iframe
        key={key}
        ref={frameRef}
        className="game-frame__iframe"
        src={link}
        title={title}
        allow={GAME_PERMISSIONS}
        allowFullScreen
        sandbox={GAME_SANDBOX}
        // Game hosts check the embedding site (site locks, ad revenue): send the origin only.
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={markLoaded}
      />
      {/* The live region stays mounted so assistive technology announces the change. */}
      <div className="game-frame__status" role="status" aria-live="polite">
        {loading && (
          <div className="game-frame__loading">
            <span className="game-frame__spinner" aria-hidden="true" />
            <span className="game-frame__loading-text">{PAGE_TEXT.gameLoading}</span>
          </div>
        )}
      </div>
      {children}
    </div>
  );
}
