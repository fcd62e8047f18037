import type { Game } from 'shared-contracts';
import { CARD_ART_STYLE, FIRST_SCREEN_CARDS, GameCard } from './game-card';
import './game-grid.css';

interface GameGridProps {
  games: readonly Game[];
  /** Shown instead of the grid when there is no game (product §8 texts). */
  emptyText: string;
  label?: string;
}

/** Games as a responsive grid of cards, or the page's empty-state text. */
export function GameGrid({ games, emptyText, label }: GameGridProps) {
  if (games.length === 0) {
    return (
      <p className="empty-state catalog-empty" role="status">
        {emptyText}
      </p>
    );
  }
  return (
    <ul className="catalog-game-grid" aria-label={label} style={CARD_ART_STYLE}>
      {games.map((game, index) => (
        <li key={game.id} className="catalog-game-grid__item">
          <GameCard game={game} priority={index < FIRST_SCREEN_CARDS} />
        </li>
      ))}
    </ul>
  );
}
