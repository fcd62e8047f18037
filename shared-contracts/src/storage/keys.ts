/** Local-storage keys (product §3.3): spelled once, here. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  gameId: 'gameId',
  gameLink: 'gameLink',
  gameName: 'gameName',
  gameImage: 'gameImage',
  gameCategory: 'gameCategory',
} as const;
/** Local-storage keys of the player library (decision 0025): JSON lists of { gameId, at }. */
export const LIBRARY_STORAGE_KEYS = {
  favourites: 'favouriteGames',
  recentlyPlayed: 'recentlyPlayedGames',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The game a card click remembers, so the play page survives a reload. */
export interface LastPlayedGame {
  gameId: string;
  gameLink: string;
  gameName: string;
  gameImage: string;
  gameCategory: string;
}

export function saveLastPlayedGame(storage: Storage, game: LastPlayedGame): void {
  storage.setItem(STORAGE_KEYS.gameId, game.gameId);
  storage.setItem(STORAGE_KEYS.gameLink, game.gameLink);
  storage.setItem(STORAGE_KEYS.gameName, game.gameName);
  storage.setItem(STORAGE_KEYS.gameImage, game.gameImage);
  storage.setItem(STORAGE_KEYS.gameCategory, game.gameCategory);
}

export function readLastPlayedGame(storage: Storage): Partial<LastPlayedGame> {
  const read = (key: string) => storage.getItem(key) ?? undefined;
  return {
    gameId: read(STORAGE_KEYS.gameId),
    gameLink: read(STORAGE_KEYS.gameLink),
    gameName: read(STORAGE_KEYS.gameName),
    gameImage: read(STORAGE_KEYS.gameImage),
    gameCategory: read(STORAGE_KEYS.gameCategory),
  };
}

/** Navigation state passed with a card click (product §2.12). */
export interface PlayNavigationState {
  gameLink: string;
  gameName: string;
}
