import { findGameById, GAMES, sortGamesByName, type Game, type HomePageProps, type LibraryEntry } from '@portal/shared-contracts';
import { allGamesSortedPath, HOME_ROW_TEXT, newestFirst } from '@portal/shared-contracts/play-data';
import { HomeHero } from '@portal/ui';
import { useLibrary } from '@portal/runtime';
import { GameRow } from '../cards';
import { PopularRows } from './popular-rows';
import { GameSlider } from './game-slider';
import { useAvailableGames } from '../play-data';

// The catalogue is fixed at build time, so its orders are worked out once.
const SLIDER_GAMES = sortGamesByName(GAMES);
/** How many games the "New" row shows; "See all" has the rest, newest first. */
export const NEW_ROW_SIZE = 12;
const NEWEST = newestFirst(GAMES).slice(0, NEW_ROW_SIZE);

export const HOME_ROW_TITLES = { recentlyPlayed: 'Recently played', favourites: 'Your favourites' } as const;

const gamesOf = (entries: readonly LibraryEntry[]): Game[] =>
  entries.map((entry) => findGameById(GAMES, entry.gameId)).filter((game): game is Game => game !== undefined);

/**
 * Home (product §2): the host family's welcome blurb, the player's recently played and favourite
 * games when there are any (decision 0025), Trending now and Most played from the play counts,
 * the newest games (by the day each entered the catalogue), then the slider of every game.
 */
export function HomePage({ brand }: HomePageProps) {
  const library = useLibrary();
  const sliderGames = useAvailableGames(SLIDER_GAMES);
  const newest = useAvailableGames(NEWEST);
  const recentlyPlayed = useAvailableGames(gamesOf(library.recentlyPlayed));
  const favourites = useAvailableGames(gamesOf(library.favourites));
  return (
    <div className="page">
      <HomeHero name={brand.name} blurb={brand.blurb} />
      <GameRow title={HOME_ROW_TITLES.recentlyPlayed} games={recentlyPlayed} />
      <GameRow title={HOME_ROW_TITLES.favourites} games={favourites} />
      <PopularRows />
      <GameRow title={HOME_ROW_TEXT.newGames} games={newest} seeAll={allGamesSortedPath('new')} />
      <GameSlider games={sliderGames} />
    </div>
  );
}
