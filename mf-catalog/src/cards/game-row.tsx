import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Game } from 'shared-contracts';
import { PLAY_COUNT_TEXT } from 'shared-contracts/play-data';
import { CHEVRON_LEFT_ICON, CHEVRON_RIGHT_ICON, PathIcon } from 'ui';
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

/** Whether the row can move back and forward from where it is scrolled. */
interface Ends {
  back: boolean;
  forward: boolean;
}

/** The width of the whole cards that fit in the row's view, gaps included: what one arrow press moves. */
function pageWidth(list: HTMLElement): number {
  const card = list.firstElementChild?.getBoundingClientRect().width ?? 0;
  const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
  if (card <= 0) return list.clientWidth;
  return Math.max(1, Math.floor((list.clientWidth + gap) / (card + gap))) * (card + gap);
}

/**
 * A titled row of game cards that scrolls sideways inside itself (Home's rows, More like this);
 * `games` null: not known yet, the row keeps its space with placeholders. Its width holds whole
 * cards (and on phones a clear part of the next, so it reads as more to swipe); on wider screens
 * arrows move it a view of whole cards at a time. `seeAll`: the row's whole list, in its order.
 */
export function GameRow({ title, games, seeAll }: { title: string; games: readonly Game[] | null; seeAll?: string }) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // The server's HTML, and the render hydrating it, start at the row's beginning.
  const [ends, setEnds] = useState<Ends>({ back: false, forward: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const back = list.scrollLeft > 1;
    const forward = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setEnds((current) => (current.back === back && current.forward === forward ? current : { back, forward }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(list);
    return () => resized?.disconnect();
  }, [measure, games]);

  if (games?.length === 0) return null;

  const move = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * pageWidth(list), behavior: smooth ? 'smooth' : 'auto' });
  };

  return (
    <section className="catalog-game-row" aria-labelledby={headingId}>
      <div className="catalog-game-row__head">
        <h2 id={headingId} className="catalog-game-row__title">
          {title}
        </h2>
        {seeAll && (
          <Link className="catalog-game-row__see-all" to={seeAll} aria-label={PLAY_COUNT_TEXT.seeAllOf(title)}>
            {PLAY_COUNT_TEXT.seeAll}
          </Link>
        )}
        <span className="catalog-game-row__arrows">
          <button
            type="button"
            className="catalog-game-row__arrow"
            aria-label={`Previous: ${title}`}
            disabled={!ends.back}
            onClick={() => move(-1)}
          >
            <PathIcon d={CHEVRON_LEFT_ICON} size={20} weight={2.5} />
          </button>
          <button
            type="button"
            className="catalog-game-row__arrow"
            aria-label={`Next: ${title}`}
            disabled={!ends.forward}
            onClick={() => move(1)}
          >
            <PathIcon d={CHEVRON_RIGHT_ICON} size={20} weight={2.5} />
          </button>
        </span>
      </div>
      <ul ref={listRef} className="catalog-game-row__list scroll-row" style={CARD_ART_STYLE} onScroll={measure}>
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
