import type { Game } from '@portal/shared-contracts';
import { CARD_ART_STYLE, FIRST_SCREEN_CARDS, GameCard } from './game-card';
import { useRestAfterFirstPaint } from './use-rest-after-first-paint';
import './game-grid.css';

interface GameGridProps {
  games: readonly Game[];
  /** Shown instead of the grid when there is no game (product §8 texts). */
  emptyText: string;
  label?: string;
}

/**
 * The grid's smallest card and its gap (game-grid.css); under the card's square picture, at
 * least its text: padding, a name kept two lines tall and the category (81–82 px as drawn).
 */
const cardAtLeast = (wide: boolean) => (wide ? { width: 180, gap: 20, text: 80 } : { width: 150, gap: 14, text: 80 });

/**
 * How many cards the screen can show at most, from the page's main area: no more columns than
 * the smallest cards fit across it (a page is at most the theme's `--content-max` wide), no more
 * rows than fit between its top, under the site's header, and the window's bottom (the last one
 * cut by the edge; a new page starts at its top). `main` holds the placeholder this page
 * replaces, laid out already, so reading it costs no new layout. Without one (a remote's own dev
 * page), the whole window.
 */
function cardsInView(): number {
  const { width, top } = pageArea();
  const card = cardAtLeast(window.innerWidth >= 768);
  // As CSS's auto-fill counts them: n cards and n - 1 gaps fit.
  const columns = Math.max(1, Math.floor((width + card.gap) / (card.width + card.gap)));
  const rows = Math.max(1, Math.ceil((window.innerHeight - top) / (card.width + card.text + card.gap)));
  return columns * rows;
}

/** The page's main area: `main`'s width, at most the theme's page width, and its top in the document; else the window. */
function pageArea(): { width: number; top: number } {
  const main = document.querySelector('main');
  const box = main?.getBoundingClientRect();
  if (!main || !box?.width) return { width: window.innerWidth, top: 0 };
  const pageMax = Number.parseFloat(getComputedStyle(main).getPropertyValue('--content-max'));
  return { width: Number.isNaN(pageMax) ? box.width : Math.min(box.width, pageMax), top: Math.max(0, box.top + window.scrollY) };
}

/**
 * Games as a responsive grid of cards, or the page's empty-state text. Opened by a link or a
 * search, it draws what the screen can show first and the rest once that has been painted: the
 * click's page answers sooner (decision 0041). Back and Forward get every card at once, so the
 * shell can return to where the player was on the page; the server's HTML, and the render
 * hydrating it, have them all too.
 */
export function GameGrid({ games, emptyText, label }: GameGridProps) {
  const whole = useRestAfterFirstPaint();
  if (games.length === 0) {
    return (
      <p className="empty-state catalog-empty" role="status">
        {emptyText}
      </p>
    );
  }
  const shown = whole ? games : games.slice(0, cardsInView());
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
