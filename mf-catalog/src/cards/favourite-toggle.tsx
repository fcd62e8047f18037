import { isFavourite, setFavourite, type Game } from 'shared-contracts';
import { useLibrary } from '../library/use-library';

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
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-9.4-9.3C1.3 7.9 3.4 4.5 6.9 4.5c2.1 0 3.6 1.2 5.1 3 1.5-1.8 3-3 5.1-3 3.5 0 5.6 3.4 4.3 6.7-1.9 4.7-9.4 9.3-9.4 9.3z"
        />
      </svg>
    </button>
  );
}
