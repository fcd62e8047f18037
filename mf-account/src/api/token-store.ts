import { STORAGE_KEYS } from '@portal/shared-contracts';
import { type LoginResponse } from '@portal/shared-contracts/account';

export type TokenPair = Pick<LoginResponse, 'access_token' | 'refresh_token'>;

/**
 * The one place the session tokens live (product §3: local storage), and the one source of
 * "signed in": an access token is stored. Every reader (the bearer interceptor, the sagas, the
 * header slot, the pages through `useSignedIn`) goes through this, so no copy of a token or of the
 * flag is kept anywhere else. Storage can throw
 * (privacy modes, quota): a broken storage reads as "signed out" rather than crash the header.
 */
export interface TokenStore {
  readAccess: () => string | null;
  readRefresh: () => string | null;
  save: (tokens: TokenPair) => void;
  /** product §4 logout: only the two tokens go. */
  remove: () => void;
  /** product §4 expiry / rejected session: all of local storage goes. */
  clearAll: () => void;
}

function read(storage: Storage, key: string): string | null {
  try {
    const value = storage.getItem(key);
    return value && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}

/** Told after every write of this tab; other tabs' writes arrive as storage events. */
const tokenListeners = new Set<() => void>();
const tokensChanged = () => {
  for (const listener of [...tokenListeners]) listener();
};

/**
 * Calls `listener` whenever the stored tokens may have changed: a write in this tab, or another
 * tab's (a storage event on the token, or a cleared storage). Returns the unsubscribe function;
 * shaped for useSyncExternalStore.
 */
export function subscribeTokens(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.token || event.key === null) listener();
  };
  tokenListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function createTokenStore(storage: Storage): TokenStore {
  return {
    readAccess: () => read(storage, STORAGE_KEYS.token),
    readRefresh: () => read(storage, STORAGE_KEYS.refreshToken),
    save: (tokens) => {
      // Refresh first: a tab that sees the new access token must also find its refresh token.
      storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
      storage.setItem(STORAGE_KEYS.token, tokens.access_token);
      tokensChanged();
    },
    remove: () => {
      try {
        storage.removeItem(STORAGE_KEYS.token);
        storage.removeItem(STORAGE_KEYS.refreshToken);
      } catch {
        // Nothing stored that we could remove.
      }
      tokensChanged();
    },
    clearAll: () => {
      clearStorage(storage);
      tokensChanged();
    },
  };
}

/** Clears a whole storage, ignoring an unusable one (it holds no session either). */
export function clearStorage(storage: Storage): void {
  try {
    storage.clear();
  } catch {
    // Ignore.
  }
}

/** The browser's token store, for code that runs before (or without) the account store. */
export const browserTokens = (): TokenStore => createTokenStore(window.localStorage);
