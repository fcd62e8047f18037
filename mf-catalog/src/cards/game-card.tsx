import { Link } from 'react-router-dom';
import { gamePath, playStateOf, rememberPlayedGame, type Game } from '@portal/shared-contracts';
import { DEFAULT_GAME_IMAGE } from '@portal/shared-contracts/game-art';
import { FallbackImage, fallbackArtStyle, PathIcon, PLAY_ICON } from '@portal/ui';
import { gameImageUrl } from './catalogue-image';
import { PlaysBadge } from '../play-data';
import { FavouriteToggle } from './favourite-toggle';
import './game-card.css';

/** Feed thumbnails are 512 x 512; declaring it reserves the space before the image loads. */
const THUMBNAIL_SIZE = 512;

/** Set once on a list of cards: each card's picture box shows the default game art under the thumbnail. */
export const CARD_ART_STYLE = fallbackArtStyle(DEFAULT_GAME_IMAGE);

/** How many cards a list shows at once on a phone's first screen: those load first, the rest lazily. */
export const FIRST_SCREEN_CARDS = 4;

/**
 * A game as a real link to its play page: keyboard reachable, opens in a new tab with the
 * usual modifiers. Any click remembers the game (the new tab reads it from storage);
 * React Router's Link does the in-app navigation with the state for plain clicks only.
 * The favourite heart sits over the image, beside the link (a button cannot be inside a link).
 */
export function GameCard({
  game,
  priority = false,
}: {
  game: Game;
  /** On the first screen: load now, first. */ priority?: boolean;
}) {
  const imageUrl = gameImageUrl(game.image);
  return (
    <div className="catalog-game-card-holder">
      <Link
        className="catalog-game-card"
        to={gamePath(game.id)}
        state={playStateOf(game)}
        onClick={() => rememberPlayedGame(game, imageUrl)}
      >
        <span className="catalog-game-card__media">
          <FallbackImage
            className="catalog-game-card__image"
            src={imageUrl}
            fallback={DEFAULT_GAME_IMAGE}
            width={THUMBNAIL_SIZE}
            height={THUMBNAIL_SIZE}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            draggable={false}
          />
          <span className="catalog-game-card__play" aria-hidden="true">
            <PathIcon d={PLAY_ICON} size={26} solid />
          </span>
          <PlaysBadge gameId={game.id} />
        </span>
        <span className="catalog-game-card__body">
          <span className="catalog-game-card__name">{game.name}</span>
          <span className="catalog-game-card__category">{game.category}</span>
        </span>
      </Link>
      <FavouriteToggle game={game} />
    </div>
  );
}
