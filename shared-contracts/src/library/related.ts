// Related-game picks (decision 0025/0026): "More like this", the search page's fallback row and the
// header's suggestions. Imported as '@portal/shared-contracts/related': bundled by the parts that use it, not
// carried by the shared barrel on every first visit (decision 0028).
import type { Game } from '../catalogue/game';
import { listTags, searchGames, sortGamesByName, tagKey } from '../catalogue/queries';

/** The search page's tag section and the suggestions' reasons (not in the product's texts; here, not in the
 * shared barrel every first visit loads). */
export const SEARCH_TEXT = {
  /** Above the tag section: one tag matched. */
  taggedHeading: (tag: string) => `Games tagged ${tag}`,
  /** Above the tag section: several tags start with the text. */
  tagsStartingHeading: (text: string) => `Games with a tag starting “${text}”`,
  /** Where the product's name results would be, when only tags matched. */
  noNameMatch: (text: string) => `No game's name contains “${text}”.`,
  /** A suggestion found by a tag. */
  matchedTag: (tag: string) => `Tagged ${tag}`,
} as const;

/** How many games a "More like this" row shows. */
export const MORE_LIKE_THIS_SIZE = 8;
/** How many games the header search suggests while typing. */
export const SEARCH_SUGGESTION_LIMIT = 6;

const lower = (text: string) => text.toLocaleLowerCase();

function byScoreThenName(scored: Array<{ game: Game; score: number }>): Game[] {
  const names = sortGamesByName(scored.map((s) => s.game));
  const rank = new Map(names.map((game, index) => [game.id, index]));
  return scored.sort((a, b) => b.score - a.score || (rank.get(a.game.id) ?? 0) - (rank.get(b.game.id) ?? 0)).map((s) => s.game);
}

/**
 * "More like this" for a game: the same category counts most, then each shared tag; games with
 * neither are left out, and so is the game itself.
 */
export function moreLikeThis(
  games: readonly Game[],
  game: Pick<Game, 'id' | 'category' | 'tags'>,
  limit = MORE_LIKE_THIS_SIZE,
): Game[] {
  const tags = new Set(game.tags.map(lower));
  const scored = games
    .filter((candidate) => candidate.id !== game.id)
    .map((candidate) => ({
      game: candidate,
      score: (candidate.category === game.category ? 3 : 0) + candidate.tags.filter((tag) => tags.has(lower(tag))).length,
    }))
    .filter((s) => s.score > 0);
  return byScoreThenName(scored).slice(0, limit);
}

/** A varied pick: the first game (by name) of each category in turn, for when nothing else fits. */
export function varietyPicks(games: readonly Game[], limit = MORE_LIKE_THIS_SIZE): Game[] {
  const queues = new Map<string, Game[]>();
  for (const game of sortGamesByName(games)) queues.set(game.category, [...(queues.get(game.category) ?? []), game]);
  const picks: Game[] = [];
  const lists = [...queues.keys()].sort().map((category) => queues.get(category) ?? []);
  for (let round = 0; picks.length < limit && lists.some((list) => list.length > round); round += 1) {
    for (const list of lists) {
      const game = list[round];
      if (game && picks.length < limit) picks.push(game);
    }
  }
  return picks;
}

/**
 * Games for a search that found nothing by name: any word of the query (3+ letters) that is part
 * of a tag or the category counts once per hit; no hit at all gives the variety picks.
 */
export function moreLikeQuery(games: readonly Game[], query: string, limit = MORE_LIKE_THIS_SIZE): Game[] {
  const words = lower(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
  const scored = games
    .map((game) => {
      const fields = [...game.tags, game.category].map(lower);
      return { game, score: words.reduce((sum, word) => sum + fields.filter((field) => field.includes(word)).length, 0) };
    })
    .filter((s) => s.score > 0);
  const found = byScoreThenName(scored).slice(0, limit);
  return found.length > 0 ? found : varietyPicks(games, limit);
}

/** Why a game came up for a search: its name contains the text (product §5), or one of its tags starts with it. */
export type SearchMatch = { game: Game; by: 'name' } | { game: Game; by: 'tag'; tag: string };

/** The game's first tag (alphabetically) that starts with the lower-cased text, as the catalogue spells it. */
function tagStartingWith(game: Game, needle: string): string | undefined {
  return [...game.tags]
    .map((tag) => tag.trim())
    .sort((a, b) => a.localeCompare(b))
    .find((tag) => lower(tag).startsWith(needle));
}

/**
 * The search page's second section: games whose name does not contain the text (those are the
 * product's results) but one of whose tags starts with it, by name, each with the tag that
 * matched (spelled one way). The suggestions draw on exactly these, so Enter never shows less than they did.
 */
export function searchByTag(games: readonly Game[], text: string): Array<{ game: Game; tag: string }> {
  const needle = lower(text.trim());
  if (needle === '') return [];
  const byName = new Set(searchGames(games, text));
  // One spelling per tag ("Puzzle" and "puzzle" are one tag): the catalogue's first.
  const label = new Map(listTags(games).map((tag) => [tagKey(tag), tag]));
  return sortGamesByName(games.filter((game) => !byName.has(game))).flatMap((game) => {
    const tag = tagStartingWith(game, needle);
    return tag === undefined ? [] : [{ game, tag: label.get(tagKey(tag)) ?? tag }];
  });
}

/**
 * Suggestions while typing, each saying why it matched: first the games the product's search
 * finds (name contains the text, case-insensitively), names starting with it first, then a word
 * starting with it, then the rest; after them, the games of the search page's tag section
 * (searchByTag), by name.
 */
export function suggestMatches(games: readonly Game[], text: string, limit = SEARCH_SUGGESTION_LIMIT): SearchMatch[] {
  const needle = lower(text.trim());
  if (needle === '') return [];
  const byName = searchGames(games, text).map((game) => {
    const name = lower(game.name);
    return { game, score: name.startsWith(needle) ? 3 : name.split(/\s+/).some((word) => word.startsWith(needle)) ? 2 : 1 };
  });
  const names: SearchMatch[] = byScoreThenName(byName).map((game) => ({ game, by: 'name' }));
  const tags: SearchMatch[] = searchByTag(games, text).map(({ game, tag }) => ({ game, by: 'tag', tag }));
  return [...names, ...tags].slice(0, limit);
}

/** The suggested games alone (suggestMatches without the reasons). */
export function suggestGames(games: readonly Game[], text: string, limit = SEARCH_SUGGESTION_LIMIT): Game[] {
  return suggestMatches(games, text, limit).map((match) => match.game);
}
