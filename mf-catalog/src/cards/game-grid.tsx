import { useNavigationType } from 'react-router-dom';
import type { Game } from 'shared-contracts';
import { useAfterFirstPaint } from 'ui';
import { CARD_ART_STYLE, FIRST_SCREEN_CARDS, GameCard } from './game-card';
import './game-grid.css';

interface GameGridProps {
  games: readonly Game[];
  /** Shown instead of the grid when there is no game (product §8 texts). */
  emptyText: string;
  label?: string;
}

/** The grid's smallest cell (game-grid.css: the card's least width and gap; under its square picture, at least its text). */
const cellAtLeast = (wide: boolean) => (wide ? { width: 180 + 20, height: 180 + 50 + 20 } : { width: 150 + 14, height: 150 + 50 + 14 });

/**
 * How many cards the window can show at most: no more columns than the smallest cards fit
 * across the whole window, no more rows than fit down it (the last one cut by its edge). From
 * the window's size alone, which costs no layout.
 */
function cardsInWindow(): number {
  const cell = cellAtLeast(window.innerWidth >= 768);
  return Math.max(1, Math.floor(window.innerWidth / cell.width)) * Math.ceil(window.innerHeight / cell.height);
}

/**
 * Games as a responsive grid of cards, or the page's empty-state text. Opened by a link or a
 * search, it draws what the window can show first and the rest once that has been painted: the
 * click's page answers sooner (decision 0041). Back and Forward get every card at once, so the
 * shell can return to where the player was on the page; the server's HTML, and the render
 * hydrating it, have them all too.
 */
export function GameGrid({ games, emptyText, label }: GameGridProps) {
  // 'POP': Back or Forward, or the visit's first page (the router's enum is not a shared export).
  const navigationType: string = useNavigationType();
  const whole = useAfterFirstPaint(navigationType === 'POP');
  if (games.length === 0) {
    return (
      <p className="empty-state catalog-empty" role="status">
        {emptyText}
      </p>
    );
  }
  const shown = whole ? games : games.slice(0, cardsInWindow());
  return (
    <ul className="catalog-game-grid" aria-label={label} style={CARD_ART_STYLE}>
      {shown.map((game, index) => (
        <li key={game.id} className="catalog-game-grid__item">
          <GameCard game={game} priority={index < FIRST_SCREEN_CARDS} />
        </li>
      ))}
    </ul>
  );
}
