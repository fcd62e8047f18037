import { useState } from 'react';
import { findGameById, GAMES, type Game } from '@portal/shared-contracts';
import { allGamesSortedPath, PLAY_COUNT_TEXT } from '@portal/shared-contracts/play-data';
import { useGameStats } from '@portal/runtime';
import { GameRow } from '../cards';
import './popular-rows.css';

const gamesOf = (ids: readonly number[]): Game[] =>
  ids.map((id) => findGameById(GAMES, id)).filter((game): game is Game => game !== undefined);

/**
 * Home's "Trending now" and "Most played". Their space is held from the server's HTML (the
 * catalogue's pages are rendered at its build, with no figures), so the cards arriving move
 * nothing. Without figures (the API cannot be reached, nobody has played yet) Home is as it was:
 * the rows are not drawn. When the server had none, its root says so and the rows' CSS hides
 * them from the first paint (popular-rows.css), whatever the browser fetches later.
 */
export function PopularRows() {
  const { stats, failed } = useGameStats();
  const trending = useFirstRanking(stats?.trending);
  const mostPlayed = useFirstRanking(stats?.mostPlayed);
  if (failed || mostPlayed?.length === 0) return null;
  return (
    <div className="catalog-popular">
      <GameRow
        title={PLAY_COUNT_TEXT.trendingNow}
        games={trending && gamesOf(trending)}
        seeAll={allGamesSortedPath('trending')}
      />
      <GameRow
        title={PLAY_COUNT_TEXT.mostPlayed}
        games={mostPlayed && gamesOf(mostPlayed)}
        seeAll={allGamesSortedPath('most-played')}
      />
    </div>
  );
}

/**
 * The first ranking these rows showed, kept while they are shown: a refresh updates the counts on
 * the cards but does not reorder them under the player (a layout shift, and a card moving away
 * from the finger about to tap it). Coming back to Home shows the ranking of that moment.
 */
function useFirstRanking(ranking: readonly number[] | undefined): readonly number[] | null {
  const [first, setFirst] = useState<readonly number[] | null>(null);
  if (first === null && ranking) setFirst(ranking);
  return first ?? ranking ?? null;
}
