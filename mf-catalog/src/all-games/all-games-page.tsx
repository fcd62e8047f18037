import { GAMES, PAGE_TEXT, sortGamesByName } from 'shared-contracts';
import { GameGrid } from '../cards/game-grid';

// The catalogue is fixed at build time, so its order is worked out once.
const GAMES_BY_NAME = sortGamesByName(GAMES);

/** All Games (product §2): every game as a card, alphabetically by name. */
export function AllGamesPage() {
  return (
    <div className="page catalog-all-games">
      <h1 className="page-title">All Games</h1>
      <GameGrid games={GAMES_BY_NAME} emptyText={PAGE_TEXT.noSearchResults} label="All Games" />
    </div>
  );
}
