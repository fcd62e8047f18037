import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { GAMES, gamesWithTag, listTags, tagKey, tagPath } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { GameGrid } from '../cards';
import { NOT_FOUND_TEXT } from '@portal/shared-contracts/seo';
import { UnknownListing } from '../not-found';
import { SortControl, useAvailableGames, useSortedGames } from '../play-data';

const TAGS = listTags(GAMES);
const KNOWN = TAGS.map((tag) => ({ label: tag, to: tagPath(tag) }));

/**
 * Every game with one tag (`/tags/<tag>`, linked from the play page), sortable like a category; a
 * tag no game has is a page the site does not have (404): "Page not found" and every tag.
 */
export function TagPage() {
  // React Router hands the param over already URL-decoded; the link carries the tag's key.
  const { tag = '' } = useParams();
  const label = TAGS.find((known) => tagKey(known) === tagKey(tag));
  if (label === undefined)
    return <UnknownListing reason={PLAY_DATA_TEXT.noGamesWithTag} listTitle={NOT_FOUND_TEXT.knownTags} items={KNOWN} />;
  return <KnownTagPage tag={tag} label={label} />;
}

function KnownTagPage({ tag, label }: { tag: string; label: string }) {
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
