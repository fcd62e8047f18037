// The feed's own words for each game: its description and its instructions (SOURCES.md says where
// they come from). Imported as '@portal/shared-contracts/game-details' by what shows them (the play page,
// in a chunk of its own, and the server's JSON-LD), never through the shared barrel: 30 KB of
// text must not ride on every first visit (decision 0056).
import rawDetails from './game-details.json';
import { CatalogueError } from './catalogue-check';

export interface GameDetails {
  /** What the game is, from the feed: one paragraph. */
  description: string;
  /** How to play, from the feed: one unpunctuated sentence (read into controls by the play page). */
  instructions: string;
}

/** Validates raw details: an object by game id, each with non-empty strings; a broken file fails the build. */
export function parseGameDetails(raw: unknown): ReadonlyMap<number, GameDetails> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new CatalogueError('Game details must be an object by game id');
  const details = new Map<number, GameDetails>();
  for (const [key, value] of Object.entries(raw)) {
    const id = Number(key);
    if (!Number.isInteger(id) || id <= 0) throw new CatalogueError(`game details: "${key}" is not a game id`);
    const { description, instructions } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (typeof description !== 'string' || description.trim() === '')
      throw new CatalogueError(`game details ${key}: description must be a non-empty string`);
    if (typeof instructions !== 'string') throw new CatalogueError(`game details ${key}: instructions must be a string`);
    details.set(id, { description: description.trim(), instructions: instructions.trim() });
  }
  return details;
}

export const GAME_DETAILS: ReadonlyMap<number, GameDetails> = parseGameDetails(rawDetails);

export const gameDetailsOf = (gameId: number): GameDetails | undefined => GAME_DETAILS.get(gameId);
