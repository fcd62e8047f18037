import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GAMES, PAGE_TEXT, SEARCH_QUERY_PARAM, searchGames, sortGamesByName } from 'shared-contracts';
import { GameGrid } from '../cards/game-grid';

/**
 * Search results (product §2): games whose name contains q, case-insensitively.
 * q is any text from the URL; React renders it as text, never as markup.
 */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get(SEARCH_QUERY_PARAM) ?? '';
  const results = useMemo(() => sortGamesByName(searchGames(GAMES, query)), [query]);
  return (
    <div className="page catalog-search">
      <h1 className="page-title catalog-search__title">
        {query.trim() === '' ? PAGE_TEXT.searchPlaceholder : query.toUpperCase()}
      </h1>
      <GameGrid games={results} emptyText={PAGE_TEXT.noSearchResults} label={query} />
    </div>
  );
}
