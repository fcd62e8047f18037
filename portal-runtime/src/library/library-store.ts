import {
  EMPTY_LIBRARY,
  GAMES,
  LIBRARY_STORAGE_KEYS,
  parseLibraryList,
  withFavourite,
  withPlayed,
  type PlayerLibrary,
} from '@portal/shared-contracts';
import { emit, on } from '../events/bus';

/**
 * The library as kept in this browser's local storage, for every part of the portal. Shaped for
 * React's useSyncExternalStore: `getLibrary` returns the same object until the stored text
 * changes, and `subscribeLibrary` fires on changes from this tab (the event bus) and from other
 * tabs (the 'storage' event). Storage failures (private mode, quota) leave the library empty or
 * unchanged; the game always still plays.
 */

const KNOWN_IDS: ReadonlySet<number> = new Set(GAMES.map((game) => game.id));

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

let cache: { favourites: string | null; recentlyPlayed: string | null; library: PlayerLibrary } | null = null;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The stored library (catalogue games only); the same object while nothing changed. */
export function getLibrary(): PlayerLibrary {
  const store = storage();
  if (!store) return EMPTY_LIBRARY;
  let favourites: string | null = null;
  let recentlyPlayed: string | null = null;
  try {
    favourites = store.getItem(LIBRARY_STORAGE_KEYS.favourites);
    recentlyPlayed = store.getItem(LIBRARY_STORAGE_KEYS.recentlyPlayed);
  } catch {
    return EMPTY_LIBRARY;
  }
  if (cache && cache.favourites === favourites && cache.recentlyPlayed === recentlyPlayed) return cache.library;
  const library: PlayerLibrary = {
    favourites: parseLibraryList(parseJson(favourites), 'favourites', KNOWN_IDS),
    recentlyPlayed: parseLibraryList(parseJson(recentlyPlayed), 'recentlyPlayed', KNOWN_IDS),
  };
  cache = { favourites, recentlyPlayed, library };
  return library;
}

function write(library: PlayerLibrary): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(LIBRARY_STORAGE_KEYS.favourites, JSON.stringify(library.favourites));
    store.setItem(LIBRARY_STORAGE_KEYS.recentlyPlayed, JSON.stringify(library.recentlyPlayed));
    return true;
  } catch (error) {
    console.warn('portal-runtime: could not save the player library', error);
    return false;
  }
}

/** Adds or removes a favourite, then tells everyone ('library:favourite-changed'). */
export function setFavourite(gameId: number, favourite: boolean, now: Date = new Date()): void {
  if (!KNOWN_IDS.has(gameId)) return;
  write(withFavourite(getLibrary(), gameId, favourite, now));
  emit('library:favourite-changed', { gameId, favourite });
  emit('library:changed', { source: 'local' });
}

/** Moves a game to the front of recently played, then tells everyone ('library:game-played'). */
export function markPlayed(gameId: number, now: Date = new Date()): void {
  if (!KNOWN_IDS.has(gameId)) return;
  write(withPlayed(getLibrary(), gameId, now));
  emit('library:game-played', { gameId });
  emit('library:changed', { source: 'local' });
}

/** Replaces the whole library (the account sync after a merge); no per-game events. */
export function replaceLibrary(library: PlayerLibrary): void {
  write(library);
  emit('library:changed', { source: 'sync' });
}

/** Calls back on every change of the stored library; returns the unsubscribe function. */
export function subscribeLibrary(listener: () => void): () => void {
  const offBus = on('library:changed', () => listener());
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LIBRARY_STORAGE_KEYS.favourites || event.key === LIBRARY_STORAGE_KEYS.recentlyPlayed)
      listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    offBus();
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
