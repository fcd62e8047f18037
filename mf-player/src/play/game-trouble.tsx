import { useEffect, useRef, useState } from 'react';
import type { Game } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { GameThumb, Icon, ROUND_BUTTON_CLASS, VISUALLY_HIDDEN_WHEN_CLASS } from '@portal/ui';
import { type ReportOutcome, sendReport } from '@portal/runtime/player-requests';
import { PlayGameLink, playGameImage } from '../library';
import './game-trouble.css';

/** The texts of the "isn't loading" card (the SPEC has none for it). */
export const GAME_TROUBLE_TEXT = {
  title: "This game isn't loading",
  body: "The game's own site isn't answering. Try again, or play something like it.",
  retry: 'Retry',
  report: 'Report it',
  similar: 'Play instead',
  close: 'Close',
  /** Under the game, for a game that shows the browser's error page (the page can not see that). */
  open: 'Game not working?',
} as const;

/** What the report button says once it has been pressed. */
const REPORTED: Record<ReportOutcome, string> = {
  sent: PLAY_DATA_TEXT.reportThanks,
  already: PLAY_DATA_TEXT.reportAlready,
  failed: PLAY_DATA_TEXT.reportFailed,
  bounded: PLAY_DATA_TEXT.reportsBounded,
};

export interface GameTroubleProps {
  /** The catalogue's id of the game, for the report; none: no report button. */
  gameId?: number;
  similar: readonly Game[];
  onRetry: () => void;
  onClose: () => void;
}

/**
 * Over a game that has not loaded in time (or that the player says is not working): Retry, a
 * one-tap report ("doesn't load") and a few similar games to play instead.
 */
export function GameTrouble({ gameId, similar, onRetry, onClose }: GameTroubleProps) {
  const [report, setReport] = useState<'sending' | ReportOutcome>();
  // An alert dialog takes focus: the game under it is not running, Retry is the likely next step.
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => retryRef.current?.focus({ preventScroll: true }), []);
  const sendIt = async () => {
    if (gameId === undefined) return;
    setReport('sending');
    setReport(await sendReport(gameId, 'does_not_load', ''));
  };
  const reported = report !== undefined && report !== 'sending' && report !== 'failed';
  return (
    <section
      className="game-trouble"
      role="alertdialog"
      aria-labelledby="game-trouble-title"
      aria-describedby="game-trouble-body"
    >
      <button
        type="button"
        className={`${ROUND_BUTTON_CLASS} game-trouble__close`}
        aria-label={GAME_TROUBLE_TEXT.close}
        onClick={onClose}
      >
        <Icon name="close" size={18} />
      </button>
      <h2 id="game-trouble-title" className="game-trouble__title">
        {GAME_TROUBLE_TEXT.title}
      </h2>
      <p id="game-trouble-body" className={`game-trouble__body ${VISUALLY_HIDDEN_WHEN_CLASS}`}>
        {GAME_TROUBLE_TEXT.body}
      </p>
      <div className="game-trouble__actions">
        <button ref={retryRef} type="button" className="button button--primary game-trouble__retry" onClick={onRetry}>
          {GAME_TROUBLE_TEXT.retry}
        </button>
        {gameId !== undefined && !reported && (
          <button
            type="button"
            className="button game-trouble__report"
            disabled={report === 'sending'}
            onClick={() => void sendIt()}
          >
            {GAME_TROUBLE_TEXT.report}
          </button>
        )}
      </div>
      <p className="game-trouble__reported" role="status">
        {report !== undefined && report !== 'sending' ? REPORTED[report] : ''}
      </p>
      {similar.length > 0 && (
        <nav className="game-trouble__similar" aria-label={GAME_TROUBLE_TEXT.similar}>
          <h3 className={`game-trouble__similar-title ${VISUALLY_HIDDEN_WHEN_CLASS}`}>{GAME_TROUBLE_TEXT.similar}</h3>
          <ul className="game-trouble__games">
            {similar.map((game) => (
              <li key={game.id}>
                <PlayGameLink className="game-trouble__game" game={game}>
                  <GameThumb className="game-trouble__image" src={playGameImage(game)} size={40} decoding="async" />
                  <span className="game-trouble__name">{game.name}</span>
                </PlayGameLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
