import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GAMES, PAGE_TEXT, SEARCH_QUERY_PARAM, searchGames, sortGamesByName, tagKey } from '@portal/shared-contracts';
import { moreLikeQuery, SEARCH_TEXT, searchByTag } from '@portal/shared-contracts/related';
import { GameGrid, GameRow } from '../cards';
import { useAvailableGames } from '../play-data';
import './search-page.css';

/** '1 game', '4 games': how many games the search found. */
export const gameCount = (count: number): string => `${count} ${count === 1 ? 'game' : 'games'}`;

/** The tag section's heading: the tag, when one matched; else what the tags start with. */
function taggedHeading(tags: readonly string[], query: string): string {
  const distinct = new Map(tags.map((tag) => [tagKey(tag), tag]));
  const [only] = distinct.values();
  return distinct.size === 1 && only !== undefined
    ? SEARCH_TEXT.taggedHeading(only)
    : SEARCH_TEXT.tagsStartingHeading(query.trim());
}

/**
 * Search results (product §2): games whose name contains q, case-insensitively, with their count;
 * below them "Games tagged …", the games found by a tag starting with q (the suggestions offer
 * the same games, so Enter never shows fewer). With neither, the product's 'No games found' and
 * then games like the query (tags, category). q is any text from the URL; React renders it as
 * text, never as markup, and long text wraps.
 */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get(SEARCH_QUERY_PARAM) ?? '';
  const tagSectionId = useId();
  const games = useAvailableGames(GAMES);
  const results = useMemo(() => sortGamesByName(searchGames(games, query)), [games, query]);
  const byTag = useMemo(() => searchByTag(games, query), [games, query]);
  const tagged = useMemo(() => byTag.map((match) => match.game), [byTag]);
  const related = useMemo(
    () => (results.length === 0 && byTag.length === 0 ? moreLikeQuery(games, query) : []),
    [games, results, byTag, query],
  );
  const tagHeading = taggedHeading(
    byTag.map((match) => match.tag),
    query,
  );
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
      {results.length === 0 && byTag.length > 0 ? (
        <p className="catalog-search__no-name" role="status">
          {SEARCH_TEXT.noNameMatch(query.trim())}
        </p>
      ) : (
        <GameGrid games={results} emptyText={PAGE_TEXT.noSearchResults} label={query} />
      )}
      {byTag.length > 0 && (
        <section className="catalog-search__tagged" aria-labelledby={tagSectionId}>
          <h2 id={tagSectionId} className="catalog-search__tagged-title">
            {tagHeading}
          </h2>
          <GameGrid games={tagged} emptyText="" label={tagHeading} />
        </section>
      )}
      {related.length > 0 && (
        <div className="catalog-search__related">
          <GameRow title="More like this" games={related} />
        </div>
      )}
    </div>
  );
}
