import { useId } from 'react';
import { Link } from 'react-router-dom';
import { gamePath, playStateOf, rememberPlayedGame, resolveGameImage, type Game } from 'shared-contracts';
import { DEFAULT_GAME_IMAGE } from 'shared-contracts/game-art';
import { FallbackImage, fallbackArtStyle } from 'ui';
import './game-link-row.css';

/** The default art under every thumbnail of a row, from the first paint (decision 0032). */
const ROW_ART_STYLE = fallbackArtStyle(DEFAULT_GAME_IMAGE);

function imageOf(game: Game): string {
  return resolveGameImage(game.image, typeof document === 'undefined' ? '' : document.baseURI);
}

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
            <Link
              className="game-link-row__link"
              to={gamePath(game.id)}
              state={playStateOf(game)}
              onClick={() => rememberPlayedGame(game, imageOf(game))}
            >
              <span className="game-link-row__media">
                <FallbackImage
                  className="game-link-row__image"
                  src={imageOf(game)}
                  fallback={DEFAULT_GAME_IMAGE}
                  alt=""
                  width="96"
                  height="96"
                  loading="lazy"
                  decoding="async"
                />
              </span>
              <span className="game-link-row__name">{game.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
