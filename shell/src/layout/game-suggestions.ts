// The search box's suggestion data (decision 0026). It carries the whole catalogue, so the
// search box loads it on first focus or keystroke, never at start-up (decision 0016).
import { GAMES, resolveGameImage, type Game } from 'shared-contracts';
import { suggestGames } from 'shared-contracts/related';
import { DEFAULT_GAME_IMAGE } from 'shared-contracts/game-art';

/** Up to six games whose names match what the player typed. */
export const suggestionsFor = (text: string): readonly Game[] => suggestGames(GAMES, text);

export const suggestionImage = (game: Game): string => resolveGameImage(game.image, document.baseURI);

export const FALLBACK_IMAGE = DEFAULT_GAME_IMAGE;
