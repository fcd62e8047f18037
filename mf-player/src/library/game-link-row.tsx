import { useId } from 'react';
import type { Game } from '@portal/shared-contracts';
import { DEFAULT_GAME_IMAGE } from '@portal/shared-contracts/game-art';
import { fallbackArtStyle, GameThumb } from '@portal/ui';
import { PlayGameLink, playGameImage } from './play-game-link';
import './game-link-row.css';

/** The default art under every thumbnail of a row, from the first paint (decision 0032). */
const ROW_ART_STYLE = fallbackArtStyle(DEFAULT_GAME_IMAGE);

/**
 * A titled, horizontally scrolling row of small game links (thumbnail and name) for the play
 * page: "Recently played" and "More like this". The catalogue's cards stay the catalogue's;
 * this is the player's compact list (decision 0025).
 */
export function GameLinkRow({ title, games }: { title: string; games: readonly Game[] }) {
  const headingId = useId();
  if (games.length === 0) return null;
  return (
    <section className="game-link-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="game-link-row__title">
        {title}
      </h2>
      <ul className="game-link-row__list scroll-row" style={ROW_ART_STYLE}>
        {games.map((game) => (
          <li key={game.id} className="game-link-row__item">
            <PlayGameLink className="game-link-row__link" game={game}>
              <span className="game-link-row__media">
                <GameThumb className="game-link-row__image" src={playGameImage(game)} size={96} loading="lazy" decoding="async" />
              </span>
              <span className="game-link-row__name">{game.name}</span>
            </PlayGameLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
