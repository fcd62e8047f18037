import { findGameById, GAMES, type Game } from 'shared-contracts';
import { PLAY_COUNT_TEXT } from 'shared-contracts/play-data';
import { GameRow } from '../cards/game-row';
import { useGameStats } from './use-game-stats';
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
  if (failed || stats?.mostPlayed.length === 0) return null;
  return (
    <div className="catalog-popular">
      <GameRow title={PLAY_COUNT_TEXT.trendingNow} games={stats && gamesOf(stats.trending)} />
      <GameRow title={PLAY_COUNT_TEXT.mostPlayed} games={stats && gamesOf(stats.mostPlayed)} />
    </div>
  );
}
