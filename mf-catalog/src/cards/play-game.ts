import { saveLastPlayedGame, type Game, type LastPlayedGame, type PlayNavigationState } from 'shared-contracts';

/** What a game card click remembers (product §3.3), with the image already absolute. */
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
 * Saves the clicked game for the play page's storage fallback. Storage can be unavailable
 * (private mode, quota, disabled): the game must still open, so failures are only reported.
 */
export function rememberPlayedGame(game: Game, imageUrl: string): void {
  try {
    saveLastPlayedGame(window.localStorage, lastPlayedGameOf(game, imageUrl));
  } catch (error) {
    console.warn('mf-catalog: could not save the last played game', error);
  }
}
