import type { Game } from '../catalogue/game';
import { saveLastPlayedGame, type LastPlayedGame, type PlayNavigationState } from './keys';

/** What a link to a game remembers (product §3.3), with the image already absolute. */
export function lastPlayedGameOf(game: Game, imageUrl: string): LastPlayedGame {
  return {
    gameId: String(game.id),
    gameLink: game.link,
    gameName: game.name,
    gameImage: imageUrl,
    gameCategory: game.category,
  };
}

/** Navigation state the play page reads first (product §2.12). */
export function playStateOf(game: Game): PlayNavigationState {
  return { gameLink: game.link, gameName: game.name };
}

/**
 * Remembers the game a link opens (a catalogue card, a search suggestion, a play-page row), so a
 * reload of the play page replays it. Storage can be unavailable (private mode, quota, disabled):
 * the game must still open, so a failure is only reported.
 */
export function rememberPlayedGame(game: Game, imageUrl: string, storage?: Storage): void {
  try {
    saveLastPlayedGame(storage ?? window.localStorage, lastPlayedGameOf(game, imageUrl));
  } catch (error) {
    console.warn('could not save the last played game', error);
  }
}
