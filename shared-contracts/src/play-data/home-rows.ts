// What Home's rows need of the orders (sort.ts has them all): a module of its own, so Home's
// first visit does not carry every order and its scoring.
import type { GameSort } from './sort';

export const SORT_PARAM = 'sort';

/** Home's newest games, the slider's heading, and the link from a row to its whole sorted list. */
export const HOME_ROW_TEXT = {
  newGames: 'New',
  allGamesHeading: 'All games',
  seeAll: 'See all',
} as const;

/** Newest first: by the day added (games without one last), then the higher id (a later entry). */
export function newestFirst<T extends { id: number; added?: string }>(games: readonly T[]): T[] {
  return [...games].sort((a, b) => (b.added ?? '').localeCompare(a.added ?? '') || b.id - a.id);
}

/** All Games in one order: where a Home row's "See all" leads. */
export const allGamesSortedPath = (sort: GameSort): string =>
  sort === 'name' ? '/all-games' : `/all-games?${SORT_PARAM}=${sort}`;
