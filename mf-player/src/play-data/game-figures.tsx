import { useEffect, useRef, useState } from 'react';
import {
  likeShare,
  PLAY_DATA_TEXT,
  playsLabel,
  statsOf,
  type GameStats,
  type VoteValue,
} from '@portal/shared-contracts/play-data';
import { on, useGameStats } from '@portal/runtime';
import { castVote, fetchMyVotes } from '@portal/runtime/player-requests';
import { ROUND_BUTTON_CLASS } from '@portal/ui';
import { ThumbIcon } from './thumb-icon';
import './game-figures.css';

/** This player's vote on a game (the account's once signed in), read again when the session changes. */
function useMyVote(gameId: number): [VoteValue, (vote: VoteValue) => void, GameStats | null] {
  const [votes, setVotes] = useState<Record<string, 1 | -1>>({});
  const [after, setAfter] = useState<{ gameId: number; stats: GameStats } | null>(null);
  // Bumped by every click: an answer to an older read or vote (the session's first read often
  // lands after a quick click) must not undo what the player just did.
  const changes = useRef(0);
  useEffect(() => {
    let live = true;
    const read = () => {
      const seen = changes.current;
      void fetchMyVotes().then((answer) => {
        if (live && answer && changes.current === seen) setVotes(answer.votes);
      });
    };
    read();
    const off = on('session:changed', read);
    return () => {
      live = false;
      off();
    };
  }, []);
  const vote: VoteValue = votes[String(gameId)] ?? 0;
  const change = (next: VoteValue) => {
    const previous = votes;
    const mine = (changes.current += 1);
    setVotes((current) => {
      const { [String(gameId)]: _old, ...rest } = current;
      return next === 0 ? rest : { ...rest, [String(gameId)]: next };
    });
    void castVote(gameId, next).then((answer) => {
      if (changes.current !== mine) return;
      if (!answer) {
        setVotes(previous);
        return;
      }
      setVotes(answer.votes);
      setAfter({ gameId, stats: answer.stats });
    });
  };
  return [vote, change, after?.gameId === gameId ? after.stats : null];
}

/**
 * The game's plays and like share, and the thumbs to vote with. The line keeps its height
 * before the figures arrive (none in the server's HTML), so nothing below it moves.
 */
export function GameFigures({ gameId, gameName }: { gameId: number; gameName: string }) {
  const { stats } = useGameStats();
  const [vote, setVote, afterVote] = useMyVote(gameId);
  const figures = afterVote ?? statsOf(stats, gameId);
  // The plays come from the snapshot even right after a vote (a vote answers likes only).
  const plays = playsLabel(statsOf(stats, gameId).plays);
  const share = likeShare(figures);
  const thumb = (value: 1 | -1) => {
    const pressed = vote === value;
    return (
      <button
        type="button"
        className={`${ROUND_BUTTON_CLASS} game-figures__thumb${pressed ? ' game-figures__thumb--on' : ''}`}
        aria-pressed={pressed}
        aria-label={`${value === 1 ? PLAY_DATA_TEXT.like : PLAY_DATA_TEXT.dislike}: ${gameName}`}
        title={value === 1 ? PLAY_DATA_TEXT.like : PLAY_DATA_TEXT.dislike}
        onClick={() => setVote(pressed ? 0 : value)}
      >
        <ThumbIcon down={value === -1} solid={pressed} />
      </button>
    );
  };
  return (
    <div className="game-figures">
      <span className="game-figures__votes">
        {thumb(1)}
        {thumb(-1)}
      </span>
      {share !== null && <span className="game-figures__share">{PLAY_DATA_TEXT.liked(share)}</span>}
      {plays && <span className="game-figures__plays">{plays}</span>}
    </div>
  );
}
