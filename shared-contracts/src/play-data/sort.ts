import { statsOf, type GameStats, type GameStatsSnapshot } from './play-data';

/** Wilson lower bound of the like share: ranks 50 of 52 above 3 of 3 (top rated). */
export function ratingScore(stats: Pick<GameStats, 'likes' | 'dislikes'>): number {
  const n = stats.likes + stats.dislikes;
  if (n === 0) return 0;
  const z = 1.96;
  const p = stats.likes / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

/** The orders of All Games and the category pages (`?sort=`); name is the default (product §2). */
export const GAME_SORTS = ['name', 'most-played', 'top-rated'] as const;
export type GameSort = (typeof GAME_SORTS)[number];
export const SORT_PARAM = 'sort';

export const parseGameSort = (value: string | null | undefined): GameSort =>
  (GAME_SORTS as readonly string[]).includes(value ?? '') ? (value as GameSort) : 'name';

/**
 * Games (given in name order) in the chosen order: most plays, or best rated (Wilson lower
 * bound, then plays); ties keep name order. Without figures every order is the name order.
 */
export function sortGames<T extends { id: number }>(
  games: readonly T[],
  sort: GameSort,
  snapshot: GameStatsSnapshot | null,
): T[] {
  if (sort === 'name' || !snapshot) return [...games];
  const key = (game: T): [number, number] => {
    const stats = statsOf(snapshot, game.id);
    return sort === 'most-played' ? [stats.plays, 0] : [ratingScore(stats), stats.plays];
  };
  return games
    .map((game, index) => ({ game, index, key: key(game) }))
    .sort((a, b) => b.key[0] - a.key[0] || b.key[1] - a.key[1] || a.index - b.index)
    .map((entry) => entry.game);
}
