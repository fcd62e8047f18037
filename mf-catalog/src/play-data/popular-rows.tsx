import { findGameById, GAMES, type Game } from 'shared-contracts';
import { NO_PLAY_STATS_ATTRIBUTE, PLAY_COUNT_TEXT } from 'shared-contracts/play-data';
import { CARD_ART_STYLE, GameCard } from '../cards/game-card';
import { useBrowserValue } from './use-browser-value';
import { useGameStats } from './use-game-stats';
import './popular-rows.css';

const ROWS = [
  { id: 'catalog-trending-title', title: PLAY_COUNT_TEXT.trendingNow, list: 'trending' },
  { id: 'catalog-most-played-title', title: PLAY_COUNT_TEXT.mostPlayed, list: 'mostPlayed' },
] as const;

/**
 * A card's exact shape without content, enough to fill the widest row: the rows have their final
 * height from the first paint.
 */
const PLACEHOLDERS = Array.from({ length: 8 }, (_, i) => (
  <li key={i} className="catalog-game-row__item" aria-hidden="true">
    <div className="catalog-game-card catalog-game-card--placeholder">
      <span className="catalog-game-card__media" />
      <span className="catalog-game-card__body">
        <span className="catalog-game-card__name">{'\u00a0'}</span>
        <span className="catalog-game-card__category">{'\u00a0'}</span>
      </span>
    </div>
  </li>
));

const gamesOf = (ids: readonly number[]): Game[] =>
  ids.map((id) => findGameById(GAMES, id)).filter((game): game is Game => game !== undefined);

/**
 * Home's "Trending now" and "Most played". Their space is held from the server's HTML (the
 * catalogue's pages are rendered at its build, with no figures), so the cards arriving move
 * nothing. Without figures (the server had none, the API cannot be reached, nobody has played
 * yet) Home is as it was: the rows are not drawn.
 */
export function PopularRows() {
  const { stats, failed } = useGameStats();
  const serverHadNone = useBrowserValue(
    () => document.getElementById('root')?.hasAttribute(NO_PLAY_STATS_ATTRIBUTE) ?? false,
    false,
  );
  if (serverHadNone || failed || (stats && stats.mostPlayed.length === 0)) return null;
  return (
    <div className="catalog-popular">
      {ROWS.map(({ id, title, list }) => (
        <section key={id} className="catalog-game-row" aria-labelledby={id}>
          <h2 id={id} className="catalog-game-row__title">
            {title}
          </h2>
          <ul className="catalog-game-row__list scroll-row" style={CARD_ART_STYLE}>
            {stats
              ? gamesOf(stats[list]).map((game) => (
                  <li key={game.id} className="catalog-game-row__item">
                    <GameCard game={game} />
                  </li>
                ))
              : PLACEHOLDERS}
          </ul>
        </section>
      ))}
    </div>
  );
}
