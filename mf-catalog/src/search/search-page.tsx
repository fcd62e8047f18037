import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GAMES, PAGE_TEXT, SEARCH_QUERY_PARAM, searchGames, sortGamesByName } from 'shared-contracts';
import { moreLikeQuery } from 'shared-contracts/related';
import { GameGrid, GameRow } from '../cards';
import { useAvailableGames } from '../play-data';
import './search-page.css';

/** '1 game', '4 games': how many games the search found. */
export const gameCount = (count: number): string => `${count} ${count === 1 ? 'game' : 'games'}`;

/**
 * Search results (product §2): games whose name contains q, case-insensitively, with their count;
 * with none, the product's 'No games found' and then games like the query (tags, category).
 * q is any text from the URL; React renders it as text, never as markup, and long text wraps.
 */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get(SEARCH_QUERY_PARAM) ?? '';
  const games = useAvailableGames(GAMES);
  const results = useMemo(() => sortGamesByName(searchGames(games, query)), [games, query]);
  const related = useMemo(() => (results.length === 0 ? moreLikeQuery(games, query) : []), [games, results, query]);
  return (
    <div className="page catalog-search">
      <h1 className="page-title catalog-search__title">
        {query.trim() === '' ? PAGE_TEXT.searchPlaceholder : query.toUpperCase()}
      </h1>
      {results.length > 0 && (
        <p className="catalog-search__count" role="status">
          {gameCount(results.length)}
        </p>
      )}
      <GameGrid games={results} emptyText={PAGE_TEXT.noSearchResults} label={query} />
      {related.length > 0 && (
        <div className="catalog-search__related">
          <GameRow title="More like this" games={related} />
        </div>
      )}
    </div>
  );
}
