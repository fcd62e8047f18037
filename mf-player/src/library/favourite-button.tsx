import { isFavourite } from '@portal/shared-contracts';
import { Icon, VISUALLY_HIDDEN_WHEN_CLASS } from '@portal/ui';
import { setFavourite, useLibrary } from '@portal/runtime';

/** The play page's heart: a toggle button (aria-pressed) that adds the game to the favourites. */
export function FavouriteButton({ gameId, gameName }: { gameId: number; gameName: string }) {
  const pressed = isFavourite(useLibrary(), gameId);
  return (
    <button
      type="button"
      className={`button play-page__tool play-page__favourite${pressed ? ' play-page__favourite--on' : ''}`}
      aria-pressed={pressed}
      aria-label={`Favourite ${gameName}`}
      title={pressed ? 'Remove from favourites' : 'Add to favourites'}
      onClick={() => setFavourite(gameId, !pressed)}
    >
      <Icon name="heart" size={20} solid={pressed} />
      <span className={`play-page__tool-label ${VISUALLY_HIDDEN_WHEN_CLASS}`}>Favourite</span>
    </button>
  );
}
