import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Game } from '@portal/shared-contracts';
import { HOME_ROW_TEXT } from '@portal/shared-contracts/play-data';
import { CHEVRON_LEFT_ICON, CHEVRON_RIGHT_ICON, PathIcon, ROUND_BUTTON_CLASS, TitledSection } from '@portal/ui';
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

const ARROWS = [
  { direction: -1, label: 'Previous', icon: CHEVRON_LEFT_ICON },
  { direction: 1, label: 'Next', icon: CHEVRON_RIGHT_ICON },
] as const;

/**
 * A titled row of game cards that scrolls sideways inside itself (Home's rows, More like this);
 * `games` null: not known yet, the row keeps its space with placeholders. Its width holds whole
 * cards (and on phones a clear part of the next, so it reads as more to swipe); on wider screens
 * arrows move it a view of whole cards at a time (past an end they do nothing: knowing where the
 * row stands would cost Home's first visit a scroll listener and a resize observer per row).
 * `seeAll`: the row's whole list, in its order.
 */
export function GameRow({ title, games, seeAll }: { title: string; games: readonly Game[] | null; seeAll?: string }) {
  const listRef = useRef<HTMLUListElement>(null);
  if (games?.length === 0) return null;

  const move = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    // A view is whole cards wide, and the row snaps to a card's start: one view on is the next
    // card after them. Smooth or not as the row's CSS says (off for reduced motion).
    list.scrollBy({ left: direction * list.clientWidth });
  };

  return (
    <TitledSection
      block="catalog-game-row"
      title={title}
      controls={
        <>
          {seeAll && (
            <Link className="catalog-game-row__see-all" to={seeAll} aria-label={`${HOME_ROW_TEXT.seeAll}: ${title}`}>
              {HOME_ROW_TEXT.seeAll}
            </Link>
          )}
          <span className="catalog-game-row__arrows">
            {ARROWS.map(({ direction, label, icon }) => (
              <button
                key={label}
                type="button"
                className={`${ROUND_BUTTON_CLASS} catalog-game-row__arrow`}
                aria-label={`${label}: ${title}`}
                onClick={() => move(direction)}
              >
                <PathIcon d={icon} size={20} weight={2.5} />
              </button>
            ))}
          </span>
        </>
      }
    >
      <ul ref={listRef} className="catalog-game-row__list scroll-row" style={CARD_ART_STYLE}>
        {games
          ? games.map((game) => (
              <li key={game.id} className="catalog-game-row__item">
                <GameCard game={game} />
              </li>
            ))
          : PLACEHOLDERS}
      </ul>
    </TitledSection>
  );
}
