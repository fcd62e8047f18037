/**
 * The player's library: favourites and recently played games, kept in the browser without an
 * account and merged with the account when signed in (decision 0025). Pure data and rules here;
 * the browser store is portal-runtime's library-store.ts, the API shapes are in api/api.ts.
 */

/** One game in a list, with when it was added (favourite) or last played, as ISO-8601 UTC. */
export interface LibraryEntry {
  gameId: number;
  at: string;
}

export interface PlayerLibrary {
  /** Newest first. */
  favourites: LibraryEntry[];
  /** Newest first. */
  recentlyPlayed: LibraryEntry[];
}

export type LibraryListName = keyof PlayerLibrary;

/** How many entries each list keeps (the API refuses longer lists). */
export const LIBRARY_LIMITS: Readonly<Record<LibraryListName, number>> = { favourites: 100, recentlyPlayed: 12 };

export const EMPTY_LIBRARY: PlayerLibrary = Object.freeze({ favourites: [], recentlyPlayed: [] });

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** True for an ISO-8601 UTC timestamp as Date#toISOString writes it. */
export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === 'string' && ISO_UTC.test(value) && !Number.isNaN(Date.parse(value));
}

function isEntry(value: unknown): value is LibraryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { gameId, at } = value as Record<string, unknown>;
  return typeof gameId === 'number' && Number.isInteger(gameId) && gameId > 0 && isIsoTimestamp(at);
}

/** One entry per game (the newest), newest first, at most `limit`. */
export function normaliseList(entries: readonly LibraryEntry[], limit: number): LibraryEntry[] {
  const newest = new Map<number, LibraryEntry>();
  for (const entry of entries) {
    const seen = newest.get(entry.gameId);
    if (!seen || seen.at < entry.at) newest.set(entry.gameId, { gameId: entry.gameId, at: entry.at });
  }
  return [...newest.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.gameId - b.gameId)).slice(0, limit);
}

/**
 * A list read from untrusted storage: anything that is not a valid entry is dropped, and games
 * the catalogue does not know (when `knownIds` is given) too. Never throws.
 */
export function parseLibraryList(raw: unknown, list: LibraryListName, knownIds?: ReadonlySet<number>): LibraryEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries = raw.filter(isEntry).filter((entry) => !knownIds || knownIds.has(entry.gameId));
  return normaliseList(entries, LIBRARY_LIMITS[list]);
}

export function isFavourite(library: PlayerLibrary, gameId: number): boolean {
  return library.favourites.some((entry) => entry.gameId === gameId);
}

/** The library with the game added to (at the front) or removed from the favourites. */
export function withFavourite(library: PlayerLibrary, gameId: number, favourite: boolean, now: Date): PlayerLibrary {
  const rest = library.favourites.filter((entry) => entry.gameId !== gameId);
  const favourites = favourite ? normaliseList([{ gameId, at: now.toISOString() }, ...rest], LIBRARY_LIMITS.favourites) : rest;
  return { ...library, favourites };
}

/** The library with the game moved to the front of recently played. */
export function withPlayed(library: PlayerLibrary, gameId: number, now: Date): PlayerLibrary {
  const rest = library.recentlyPlayed.filter((entry) => entry.gameId !== gameId);
  return {
    ...library,
    recentlyPlayed: normaliseList([{ gameId, at: now.toISOString() }, ...rest], LIBRARY_LIMITS.recentlyPlayed),
  };
}

/**
 * Two libraries as one (browser + account on sign-in): the union of each list, the newest time
 * per game, newest first, cut to the limits. Commutative, so both sides reach the same result.
 */
export function mergeLibraries(a: PlayerLibrary, b: PlayerLibrary): PlayerLibrary {
  return {
    favourites: normaliseList([...a.favourites, ...b.favourites], LIBRARY_LIMITS.favourites),
    recentlyPlayed: normaliseList([...a.recentlyPlayed, ...b.recentlyPlayed], LIBRARY_LIMITS.recentlyPlayed),
  };
}

export function sameLibrary(a: PlayerLibrary, b: PlayerLibrary): boolean {
  const same = (x: LibraryEntry[], y: LibraryEntry[]) =>
    x.length === y.length && x.every((entry, i) => entry.gameId === y[i]?.gameId && entry.at === y[i].at);
  return same(a.favourites, b.favourites) && same(a.recentlyPlayed, b.recentlyPlayed);
}
