import { newestFirst } from './home-rows';
import { statsOf, type GameStats, type GameStatsSnapshot } from './play-data';

/** Wilson lower bound of the like share: ranks 50 of 52 above 3 of 3 (top rated). */
export function ratingScore(stats: Pick<GameStats, 'likes' | 'dislikes'>): number {
  const n = stats.likes + stats.dislikes;
  if (n === 0) return 0;
  const z = 1.96;
  const p = stats.likes / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

/**
 * The orders of All Games and the category pages (`?sort=`); name is the default (product §2).
 * Home's rows link their "See all" to All Games in their own order (new, trending, most played).
 */
export const GAME_SORTS = ['name', 'new', 'trending', 'most-played', 'top-rated'] as const;
export type GameSort = (typeof GAME_SORTS)[number];

export const parseGameSort = (value: string | null | undefined): GameSort =>
  (GAME_SORTS as readonly string[]).includes(value ?? '') ? (value as GameSort) : 'name';

/**
 * Games (given in name order) in the chosen order: newest (the day each was added, needing no
 * figures); Home's Trending ranking first and then the most plays; most plays; or best rated
 * (Wilson lower bound, then plays). Ties keep name order. Without figures the orders that need
 * them are the name order.
 */
export function sortGames<T extends { id: number; added?: string }>(
  games: readonly T[],
  sort: GameSort,
  snapshot: GameStatsSnapshot | null,
): T[] {
  if (sort === 'new') return newestFirst(games);
  if (sort === 'name' || !snapshot) return [...games];
  const trendingRank = new Map(snapshot.trending.map((id, rank) => [id, snapshot.trending.length - rank]));
  const key = (game: T): [number, number] => {
    const stats = statsOf(snapshot, game.id);
    if (sort === 'trending') return [trendingRank.get(game.id) ?? 0, stats.plays];
    return sort === 'most-played' ? [stats.plays, 0] : [ratingScore(stats), stats.plays];
  };
  return games
    .map((game, index) => ({ game, index, key: key(game) }))
    .sort((a, b) => b.key[0] - a.key[0] || b.key[1] - a.key[1] || a.index - b.index)
    .map((entry) => entry.game);
}
