import axios from 'axios';
import { getLibrary, on, replaceLibrary, sameLibrary, type PlayerLibrary } from 'shared-contracts';
import type { LibraryPayload } from 'shared-contracts/account';
import { API_PATHS } from 'shared-contracts/account';

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

/**
 * Keeps the browser's library (shared-contracts store) and the signed-in account's in step:
 * - on sign-in, and on start-up when already signed in: the browser lists are merged with the
 *   account's (POST) and the merged lists are kept in the browser;
 * - a game played or a heart set: merged the same way (nothing another device added is lost);
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
    on('session:changed', ({ signedIn }) => {
      if (signedIn) void push('merge');
    }),
    on('library:game-played', () => void push('merge')),
    on('library:favourite-changed', ({ favourite }) => void push(favourite ? 'merge' : 'replace')),
  ];
  if (readToken()) void push('merge');

  return {
    /** Resolves once every call started so far has finished (tests). */
    idle: () => queue,
    stop: () => offs.forEach((off) => off()),
  };
}

const STARTED_KEY = '__gamesPortalLibrarySync__';

/** Starts the sync once per page, however many times it is called (the one registration line). */
export function startLibrarySync(options: LibrarySyncOptions): void {
  const holder = globalThis as typeof globalThis & { [STARTED_KEY]?: boolean };
  if (holder[STARTED_KEY]) return;
  holder[STARTED_KEY] = true;
  createLibrarySync(options);
}
