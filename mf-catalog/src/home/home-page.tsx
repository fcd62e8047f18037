import { findGameById, GAMES, sortGamesByName, type Game, type HomePageProps, type LibraryEntry } from 'shared-contracts';
import { HomeHero } from 'ui';
import { GameRow } from '../cards';
import { useLibrary } from '../library';
import { PopularRows } from './popular-rows';
import { GameSlider } from './game-slider';
import { useAvailableGames } from '../play-data';

// The catalogue is fixed at build time, so its order is worked out once.
const SLIDER_GAMES = sortGamesByName(GAMES);

export const HOME_ROW_TITLES = { recentlyPlayed: 'Recently played', favourites: 'Your favourites' } as const;

const gamesOf = (entries: readonly LibraryEntry[]): Game[] =>
  entries.map((entry) => findGameById(GAMES, entry.gameId)).filter((game): game is Game => game !== undefined);

/**
 * Home (product §2): the host family's welcome blurb, the player's recently played and favourite
 * games when there are any (decision 0025), Trending now and Most played from the play counts,
 * then the slider of every game.
 */
export function HomePage({ brand }: HomePageProps) {
  const library = useLibrary();
  const sliderGames = useAvailableGames(SLIDER_GAMES);
  const recentlyPlayed = useAvailableGames(gamesOf(library.recentlyPlayed));
  const favourites = useAvailableGames(gamesOf(library.favourites));
  return (
    <div className="page">
      <HomeHero name={brand.name} blurb={brand.blurb} />
      <GameRow title={HOME_ROW_TITLES.recentlyPlayed} games={recentlyPlayed} />
      <GameRow title={HOME_ROW_TITLES.favourites} games={favourites} />
      <PopularRows />
      <GameSlider games={sliderGames} />
    </div>
  );
}
