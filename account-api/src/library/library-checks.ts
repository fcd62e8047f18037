import { GAMES, LIBRARY_LIMITS, normaliseList, type LibraryEntry, type PlayerLibrary } from '@portal/shared-contracts';
import type { ValidationErrorItem } from '@portal/shared-contracts/account';
import { invalidInput } from '../http/errors';

const KNOWN_GAME_IDS: ReadonlySet<number> = new Set(GAMES.map((game) => game.id));
const LISTS = ['favourites', 'recentlyPlayed'] as const;
/** A clock a little ahead of ours is fine; a time far in the future would pin an entry first for ever. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * The rules of a library body that need the catalogue or the clock, after its schema
 * (library-schema.ts) has passed: every entry names a game we have and a time not more than a day
 * ahead. All problems come in one 422 (product §8), one per entry; the lists come back normalised
 * (one entry per game, newest first, at most LIBRARY_LIMITS).
 */
export function acceptLibrary(body: Partial<PlayerLibrary>, now: Date): PlayerLibrary {
  const problems: ValidationErrorItem[] = [];
  const library: PlayerLibrary = { favourites: [], recentlyPlayed: [] };
  for (const list of LISTS) {
    const entries: LibraryEntry[] = body[list] ?? [];
    entries.forEach(({ gameId, at }, index) => {
      if (!KNOWN_GAME_IDS.has(gameId)) {
        problems.push({ loc: ['body', list, index, 'gameId'], msg: `Unknown game id ${gameId}`, type: 'value_error' });
      } else if (Date.parse(at) > now.getTime() + MAX_CLOCK_SKEW_MS) {
        problems.push({ loc: ['body', list, index, 'at'], msg: 'at must not be in the future', type: 'value_error' });
      }
    });
    library[list] = normaliseList(entries, LIBRARY_LIMITS[list]);
  }
  if (problems.length > 0) throw invalidInput(problems);
  return library;
}
