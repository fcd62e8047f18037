import {
  GAMES,
  isIsoTimestamp,
  LIBRARY_LIMITS,
  normaliseList,
  type LibraryEntry,
  type LibraryListName,
  type PlayerLibrary,
} from 'shared-contracts';
import { type ValidationErrorItem } from 'shared-contracts/account';
import { invalidInput } from '../http/errors';

const KNOWN_GAME_IDS: ReadonlySet<number> = new Set(GAMES.map((game) => game.id));
const LISTS: LibraryListName[] = ['favourites', 'recentlyPlayed'];
/** A clock a little ahead of ours is fine; a time far in the future would pin an entry first for ever. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * Reads a library body: `{ favourites?: [{ gameId, at }], recentlyPlayed?: [...] }` (JSON).
 * Every problem is collected into one 422 with FastAPI-style items (product §8): not an object,
 * not a list, too long, a bad entry, a game the catalogue does not have, a time in the future.
 */
export function readLibraryBody(body: unknown, now: Date): PlayerLibrary {
  const problems: ValidationErrorItem[] = [];
  const problem = (loc: (string | number)[], msg: string, type: string) => problems.push({ loc: ['body', ...loc], msg, type });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidInput([
      { loc: ['body'], msg: 'Send a JSON object with favourites and recentlyPlayed lists', type: 'model_type' },
    ]);
  }
  const record = body as Record<string, unknown>;
  const library: PlayerLibrary = { favourites: [], recentlyPlayed: [] };
  for (const list of LISTS) {
    const raw = record[list];
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) {
      problem([list], `${list} must be a list`, 'list_type');
      continue;
    }
    if (raw.length > LIBRARY_LIMITS[list]) {
      problem([list], `${list} must have at most ${LIBRARY_LIMITS[list]} games`, 'too_long');
      continue;
    }
    const entries: LibraryEntry[] = [];
    raw.forEach((item: unknown, index) => {
      const entry = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      const { gameId, at } = entry;
      if (typeof gameId !== 'number' || !Number.isInteger(gameId)) {
        problem([list, index, 'gameId'], 'gameId must be a whole number', 'int_type');
        return;
      }
      if (!KNOWN_GAME_IDS.has(gameId)) {
        problem([list, index, 'gameId'], `Unknown game id ${gameId}`, 'value_error');
        return;
      }
      if (!isIsoTimestamp(at)) {
        problem([list, index, 'at'], 'at must be an ISO-8601 UTC time', 'datetime_type');
        return;
      }
      if (Date.parse(at) > now.getTime() + MAX_CLOCK_SKEW_MS) {
        problem([list, index, 'at'], 'at must not be in the future', 'value_error');
        return;
      }
      entries.push({ gameId, at });
    });
    library[list] = normaliseList(entries, LIBRARY_LIMITS[list]);
  }
  if (problems.length > 0) throw invalidInput(problems);
  return library;
}
