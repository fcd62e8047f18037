import { isFavourite, type Game } from '@portal/shared-contracts';
import { HEART_ICON, PathIcon } from '@portal/ui';
import { setFavourite, useLibrary } from '@portal/runtime';

/** The heart on a game card: a toggle button (aria-pressed) beside the card's link, never inside it. */
export function FavouriteToggle({ game }: { game: Game }) {
  const pressed = isFavourite(useLibrary(), game.id);
  return (
    <button
      type="button"
      className={`catalog-favourite${pressed ? ' catalog-favourite--on' : ''}`}
      aria-pressed={pressed}
      aria-label={`Favourite ${game.name}`}
      title={pressed ? 'Remove from favourites' : 'Add to favourites'}
      onClick={() => setFavourite(game.id, !pressed)}
    >
      <PathIcon d={HEART_ICON} size={18} solid={pressed} />
    </button>
  );
}
