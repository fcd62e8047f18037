import { sortByName } from './compare-names';
import type { Game } from './game';

/** All games sorted alphabetically by name (product §2.8). */
export function sortGamesByName(games: readonly Game[]): Game[] {
  return sortByName(games, (game) => game.name);
}

/** Distinct categories of the given games, alphabetically (product §2.9). */
export function listCategories(games: readonly Game[]): string[] {
  return sortByName([...new Set(games.map((g) => g.category))], (category) => category);
}

/** First category alphabetically, the target of /categories; undefined for an empty list. */
export function firstCategory(games: readonly Game[]): string | undefined {
  return listCategories(games)[0];
}

/** Games whose category matches exactly (product §5), sorted by name. */
export function gamesInCategory(games: readonly Game[], category: string): Game[] {
  return sortGamesByName(games.filter((g) => g.category === category));
}

/**
 * A tag as comparisons know it: the feed spells one tag many ways ("Puzzle", "puzzle"; "Match 3",
 * "Match-3", "Match3"), so case, spaces and punctuation do not count. One chip, one tag page.
 */
export const tagKey = (tag: string): string => tag.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Every tag of the given games once (by key), as first spelled in the catalogue, alphabetically. */
export function listTags(games: readonly Game[]): string[] {
  const byKey = new Map<string, string>();
  for (const tag of games.flatMap((game) => game.tags))
    if (tagKey(tag) && !byKey.has(tagKey(tag))) byKey.set(tagKey(tag), tag.trim());
  return sortByName([...byKey.values()], (tag) => tag);
}

/** Games carrying the tag in any case, sorted by name. */
export function gamesWithTag(games: readonly Game[], tag: string): Game[] {
  const key = tagKey(tag);
  return sortGamesByName(games.filter((game) => game.tags.some((own) => tagKey(own) === key)));
}

/** Case-insensitive substring match on name (product §5); blank queries match nothing. */
export function searchGames(games: readonly Game[], query: string): Game[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return games.filter((g) => g.name.toLocaleLowerCase().includes(needle));
}

export function findGameById(games: readonly Game[], id: number | string): Game | undefined {
  const numericId = typeof id === 'number' ? id : Number(id);
  if (!Number.isInteger(numericId)) return undefined;
  return games.find((g) => g.id === numericId);
}
