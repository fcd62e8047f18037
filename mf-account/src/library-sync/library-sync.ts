import axios from 'axios';
import { sameLibrary, type PlayerLibrary } from '@portal/shared-contracts';
import type { LibraryPayload } from '@portal/shared-contracts/account';
import { API_PATHS } from '@portal/shared-contracts/account';
import { getLibrary, on, replaceLibrary } from '@portal/runtime';

/** The two library calls of the account API (decision 0025). */
export interface LibraryTransport {
  /** POST: merges the lists into the account's and answers the result. */
  merge: (token: string, library: PlayerLibrary) => Promise<PlayerLibrary>;
  /** PUT: makes the account's lists these. */
  replace: (token: string, library: PlayerLibrary) => Promise<PlayerLibrary>;
}

export interface LibrarySyncOptions {
  /** Account API base URL (runtime config). */
  baseURL: string;
  /** The account's access token (the token store's readAccess). */
  readToken: () => string | null;
  transport?: LibraryTransport;
}

/** The calls over axios, JSON, bearer token; a 401 here is left to the next authenticated call. */
export function axiosTransport(baseURL: string): LibraryTransport {
  const client = axios.create({ baseURL: baseURL.replace(/\/+$/, ''), headers: { Accept: 'application/json' } });
  const call = async (method: 'post' | 'put', token: string, library: PlayerLibrary) => {
    const response = await client.request<LibraryPayload>({
      method,
      url: API_PATHS.library,
      data: library,
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.data;
  };
  return { merge: (token, library) => call('post', token, library), replace: (token, library) => call('put', token, library) };
}

/** What the session's side of the account remote tells the sync (library-sync-saga.ts). */
export interface LibrarySyncHandle {
  /** This tab's session became signed in (a sign-in here, or mirrored from another tab). */
  signedIn: () => void;
}

/**
 * Keeps the browser's library (portal-runtime's store) and the signed-in account's in step:
 * - on sign-in (`signedIn`, told by the session through the store, not the bus: the bus is
 *   between parts), and on start-up when already signed in: the browser lists are merged with the
 *   account's (POST) and the merged lists are kept in the browser;
 * - a game played or a heart set (the catalogue's and player's events on the bus): merged the
 *   same way (nothing another device added is lost);
 * - a heart taken off: the browser's lists replace the account's (PUT), so the removal sticks.
 * Signed out, nothing is sent. A failed call only logs: the browser copy stays the truth here.
 * Returns a stop function.
 */
export function createLibrarySync({ baseURL, readToken, transport = axiosTransport(baseURL) }: LibrarySyncOptions) {
  let queue: Promise<void> = Promise.resolve();
  const push = (kind: 'merge' | 'replace') => {
    const token = readToken();
    if (!token) return queue;
    queue = queue.then(async () => {
      try {
        const local = getLibrary();
        const stored = await transport[kind](token, local);
        // Keep what the account answered unless the player changed something meanwhile (the next push carries it).
        if (sameLibrary(getLibrary(), local) && !sameLibrary(stored, local)) replaceLibrary(stored);
      } catch (error) {
        console.warn('[mf-account] library sync failed', error);
      }
    });
    return queue;
  };

  const offs = [
    on('library:game-played', () => void push('merge')),
    on('library:favourite-changed', ({ favourite }) => void push(favourite ? 'merge' : 'replace')),
  ];
  if (readToken()) void push('merge');

  return {
    signedIn: () => void push('merge'),
    /** Resolves once every call started so far has finished (tests). */
    idle: () => queue,
    stop: () => offs.forEach((off) => off()),
  };
}

const STARTED_KEY = '__gamesPortalLibrarySync__';

/** Starts the sync once per page, however many times it is called; answers the page's one sync. */
export function startLibrarySync(options: LibrarySyncOptions): LibrarySyncHandle {
  const holder = globalThis as typeof globalThis & { [STARTED_KEY]?: LibrarySyncHandle };
  holder[STARTED_KEY] ??= createLibrarySync(options);
  return holder[STARTED_KEY];
}
