import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { GAMES, gamesWithTag, listTags, tagKey } from 'shared-contracts';
import { PLAY_DATA_TEXT } from 'shared-contracts/play-data';
import { GameGrid } from '../cards';
import { SortControl, useAvailableGames, useSortedGames } from '../play-data';

const TAGS = listTags(GAMES);

/** Every game with one tag (`/tags/<tag>`, linked from the play page), sortable like a category. */
export function TagPage() {
  // React Router hands the param over already URL-decoded; the link carries the tag's key.
  const { tag = '' } = useParams();
  const label = TAGS.find((known) => tagKey(known) === tagKey(tag)) ?? tag;
  const tagged = useAvailableGames(useMemo(() => gamesWithTag(GAMES, tag), [tag]));
  const { sort, sorted } = useSortedGames(tagged);
  const heading = PLAY_DATA_TEXT.tagHeading(label);
  return (
    <div className="page catalog-tag-page">
      <div className="catalog-page-heading">
        <h1 className="page-title">{heading}</h1>
        {tagged.length > 0 && <SortControl sort={sort} />}
      </div>
      <GameGrid games={sorted} emptyText={PLAY_DATA_TEXT.noGamesWithTag} label={heading} />
    </div>
  );
}
