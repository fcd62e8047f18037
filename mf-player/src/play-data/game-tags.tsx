import { Link } from 'react-router-dom';
import { tagKey, tagPath } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import './game-tags.css';

/** The game's tags, each a link to every game with it (`/tags/<tag>`); none drawn for a game without tags. */
export function GameTags({ tags }: { tags: readonly string[] }) {
  // The feed spells one tag many ways (Match 3, Match-3, Match3): one chip each, as first spelled.
  const byKey = new Map<string, string>();
  for (const tag of tags) if (tagKey(tag) !== '' && !byKey.has(tagKey(tag))) byKey.set(tagKey(tag), tag.trim());
  const unique = [...byKey.values()];
  if (unique.length === 0) return null;
  return (
    <nav className="game-tags" aria-label={PLAY_DATA_TEXT.tagsHeading}>
      <h2 className="game-tags__title">{PLAY_DATA_TEXT.tagsHeading}</h2>
      <ul className="game-tags__list">
        {unique.map((tag) => (
          <li key={tag}>
            <Link className="game-tags__tag" to={tagPath(tag)}>
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
