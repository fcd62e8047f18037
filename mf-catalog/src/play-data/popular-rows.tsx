import { useId } from 'react';
import { findGameById, GAMES, type Game } from 'shared-contracts';
import { NO_PLAY_STATS_ATTRIBUTE, PLAY_COUNT_TEXT } from 'shared-contracts/play-data';
import { CARD_ART_STYLE, GameCard } from '../cards/game-card';
import { useBrowserValue } from './use-browser-value';
import { useGameStats } from './use-game-stats';
import './popular-rows.css';

/** Enough stand-ins to fill the widest row before the figures come. */
const PLACEHOLDERS = 8;

const gamesOf = (ids: readonly number[]): Game[] =>
  ids.map((id) => findGameById(GAMES, id)).filter((game): game is Game => game !== undefined);

/** A card's exact shape without content: the row has its final height from the first paint. */
function PlaceholderCard() {
  return (
    <div className="catalog-game-card catalog-game-card--placeholder" aria-hidden="true">
      <span className="catalog-game-card__media" />
      <span className="catalog-game-card__body">
        <span className="catalog-game-card__name">{'\u00a0'}</span>
        <span className="catalog-game-card__category">{'\u00a0'}</span>
      </span>
    </div>
  );
}

function PopularRow({ title, games }: { title: string; games: readonly Game[] | null }) {
  const headingId = useId();
  return (
    <section className="catalog-game-row catalog-popular__row" aria-labelledby={headingId} aria-busy={games === null}>
      <h2 id={headingId} className="catalog-game-row__title">
        {title}
      </h2>
      <ul className="catalog-game-row__list scroll-row" style={CARD_ART_STYLE}>
        {games === null
          ? Array.from({ length: PLACEHOLDERS }, (_, i) => (
              <li key={i} className="catalog-game-row__item">
                <PlaceholderCard />
              </li>
            ))
          : games.map((game) => (
              <li key={game.id} className="catalog-game-row__item">
                <GameCard game={game} />
              </li>
            ))}
      </ul>
    </section>
  );
}

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
  if (serverHadNone || failed) return null;
  const trending = stats ? gamesOf(stats.trending) : null;
  const mostPlayed = stats ? gamesOf(stats.mostPlayed) : null;
  if (trending?.length === 0 && mostPlayed?.length === 0) return null;
  return (
    <div className="catalog-popular">
      <PopularRow title={PLAY_COUNT_TEXT.trendingNow} games={trending} />
      <PopularRow title={PLAY_COUNT_TEXT.mostPlayed} games={mostPlayed} />
    </div>
  );
}
