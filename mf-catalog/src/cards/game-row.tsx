import { useId } from 'react';
import type { Game } from 'shared-contracts';
import { CARD_ART_STYLE, GameCard } from './game-card';
import './game-row.css';

/** A titled row of game cards that scrolls sideways inside itself (Home's library rows, More like this). */
export function GameRow({ title, games }: { title: string; games: readonly Game[] }) {
  const headingId = useId();
  if (games.length === 0) return null;
  return (
    <section className="catalog-game-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="catalog-game-row__title">
        {title}
      </h2>
      <ul className="catalog-game-row__list scroll-row" style={CARD_ART_STYLE}>
        {games.map((game) => (
          <li key={game.id} className="catalog-game-row__item">
            <GameCard game={game} />
          </li>
        ))}
      </ul>
    </section>
  );
}
