import { useId } from 'react';
import type { Game } from 'shared-contracts';
import { CARD_ART_STYLE, GameCard } from './game-card';
import './game-row.css';

/**
 * A card's exact shape without content, enough to fill the widest row: a row whose games are
 * still on their way has its final height from the first paint. Their keys are not game ids, so
 * no placeholder is reused (and moved across the row) as a game's card.
 */
const PLACEHOLDERS = Array.from({ length: 8 }, (_, i) => (
  <li key={`placeholder-${i}`} className="catalog-game-row__item" aria-hidden="true">
    <div className="catalog-game-card catalog-game-card--placeholder">
      <span className="catalog-game-card__media" />
      <span className="catalog-game-card__body">
        <span className="catalog-game-card__name">{'\u00a0'}</span>
        <span className="catalog-game-card__category">{'\u00a0'}</span>
      </span>
    </div>
  </li>
));

/**
 * A titled row of game cards that scrolls sideways inside itself (Home's library and play-count
 * rows, More like this); `games` null: not known yet, the row keeps its space with placeholders.
 */
export function GameRow({ title, games }: { title: string; games: readonly Game[] | null }) {
  const headingId = useId();
  if (games?.length === 0) return null;
  return (
    <section className="catalog-game-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="catalog-game-row__title">
        {title}
      </h2>
      <ul className="catalog-game-row__list scroll-row" style={CARD_ART_STYLE}>
        {games
          ? games.map((game) => (
              <li key={game.id} className="catalog-game-row__item">
                <GameCard game={game} />
              </li>
            ))
          : PLACEHOLDERS}
      </ul>
    </section>
  );
}
