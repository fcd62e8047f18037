// Games found dead by the API's link checker (decision 0058), as the browser knows them: from the
// page the server drew, then from each stats snapshot.
import { UNAVAILABLE_GAMES_ATTRIBUTE } from '@portal/shared-contracts/play-data';

// One set per page (this package is a shared singleton): the stats client notes it, every list reads it.
let known: ReadonlySet<number> | undefined;
const NONE: ReadonlySet<number> = new Set();

export function noteUnavailableGames(ids: readonly number[]): void {
  const current = known;
  // The same list keeps the same set: components that memoise on it do not redraw.
  if (current && current.size === ids.length && ids.every((id) => current.has(id))) return;
  known = new Set(ids);
}

/**
 * The games every list leaves out: the latest figures' list, else the one the server drew the
 * page with (the root's attribute); none on the server and at build time.
 */
export function unavailableGameIds(): ReadonlySet<number> {
  if (known) return known;
  if (typeof document === 'undefined') return NONE;
  const listed = document.getElementById('root')?.getAttribute(UNAVAILABLE_GAMES_ATTRIBUTE) ?? '';
  const ids = listed
    .split(' ')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  known = new Set(ids);
  return known;
}

/** The games that are not unavailable, in the order given. */
export function withoutUnavailable<T extends { id: number }>(
  games: readonly T[],
  unavailable = unavailableGameIds(),
): readonly T[] {
  return unavailable.size === 0 ? games : games.filter((game) => !unavailable.has(game.id));
}
