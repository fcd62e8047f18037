// Games found dead by the API's link checker (decision 0058), as the browser knows them: from the
// page the server drew, then from each stats snapshot. A module of its own: the parts that only
// filter lists (the header's suggestions) do not carry the stats client.
import { UNAVAILABLE_GAMES_ATTRIBUTE } from './play-data';

// Kept on globalThis like the API's address: the shell and each remote bundle their own copy of
// this module, and whichever fetched the figures last tells the others.
const UNAVAILABLE_KEY = '__gamesPortalUnavailableGames__';
type UnavailableHolder = typeof globalThis & { [UNAVAILABLE_KEY]?: ReadonlySet<number> };
const NONE: ReadonlySet<number> = new Set();

export function noteUnavailableGames(ids: readonly number[]): void {
  const known = (globalThis as UnavailableHolder)[UNAVAILABLE_KEY];
  // The same list keeps the same set: components that memoise on it do not redraw.
  if (known && known.size === ids.length && ids.every((id) => known.has(id))) return;
  (globalThis as UnavailableHolder)[UNAVAILABLE_KEY] = new Set(ids);
}

/**
 * The games every list leaves out: the latest figures' list, else the one the server drew the
 * page with (the root's attribute); none on the server and at build time.
 */
export function unavailableGameIds(): ReadonlySet<number> {
  const holder = globalThis as UnavailableHolder;
  const known = holder[UNAVAILABLE_KEY];
  if (known) return known;
  if (typeof document === 'undefined') return NONE;
  const listed = document.getElementById('root')?.getAttribute(UNAVAILABLE_GAMES_ATTRIBUTE) ?? '';
  const ids = listed
    .split(' ')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  holder[UNAVAILABLE_KEY] = new Set(ids);
  return holder[UNAVAILABLE_KEY];
}

/** The games that are not unavailable, in the order given. */
export function withoutUnavailable<T extends { id: number }>(
  games: readonly T[],
  unavailable = unavailableGameIds(),
): readonly T[] {
  return unavailable.size === 0 ? games : games.filter((game) => !unavailable.has(game.id));
}
