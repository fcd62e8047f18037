import { GAMES, PAGE_TEXT, sortGamesByName } from '@portal/shared-contracts';
import { GameGrid } from '../cards';
import { SortControl, useAvailableGames, useSortedGames } from '../play-data';

// The catalogue is fixed at build time, so its order is worked out once.
const GAMES_BY_NAME = sortGamesByName(GAMES);

/** All Games (product §2): every game as a card, alphabetically by name unless `?sort=` says otherwise. */
export function AllGamesPage() {
  const { sort, sorted } = useSortedGames(useAvailableGames(GAMES_BY_NAME));
  return (
    <div className="page catalog-all-games">
      <div className="catalog-page-heading">
        <h1 className="page-title">All Games</h1>
        <SortControl sort={sort} />
      </div>
      <GameGrid games={sorted} emptyText={PAGE_TEXT.noSearchResults} label="All Games" />
    </div>
  );
}
