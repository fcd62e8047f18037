import { isFavourite, setFavourite } from 'shared-contracts';
import { useLibrary } from './use-library';

/** The play page's heart: a toggle button (aria-pressed) that adds the game to the favourites. */
export function FavouriteButton({ gameId, gameName }: { gameId: number; gameName: string }) {
  const pressed = isFavourite(useLibrary(), gameId);
  return (
    <button
      type="button"
      className={`play-page__tool play-page__favourite${pressed ? ' play-page__favourite--on' : ''}`}
      aria-pressed={pressed}
      aria-label={`Favourite ${gameName}`}
      title={pressed ? 'Remove from favourites' : 'Add to favourites'}
      onClick={() => setFavourite(gameId, !pressed)}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-9.4-9.3C1.3 7.9 3.4 4.5 6.9 4.5c2.1 0 3.6 1.2 5.1 3 1.5-1.8 3-3 5.1-3 3.5 0 5.6 3.4 4.3 6.7-1.9 4.7-9.4 9.3-9.4 9.3z"
        />
      </svg>
      <span className="play-page__tool-label">Favourite</span>
    </button>
  );
}
