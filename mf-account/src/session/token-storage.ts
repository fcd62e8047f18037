import { STORAGE_KEYS, type LoginResponse } from 'shared-contracts';

/**
 * The session lives in local storage (SPEC §3): signed in means a token is present.
 * Storage can throw (privacy modes, quota), and a broken storage must read as "signed out"
 * rather than crash the header.
 */
export function readAccessToken(storage: Storage): string | null {
  try {
    const token = storage.getItem(STORAGE_KEYS.token);
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
}

export function storeSessionTokens(storage: Storage, tokens: Pick<LoginResponse, 'access_token' | 'refresh_token'>): void {
  storage.setItem(STORAGE_KEYS.token, tokens.access_token);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
}

export function removeSessionTokens(storage: Storage): void {
  try {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.refreshToken);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** SPEC §4 "clear all local storage": used on expiry and on a rejected authenticated call. */
export function clearStorage(storage: Storage): void {
  try {
    storage.clear();
  } catch {
    // Ignore: an unusable storage holds no session either.
  }
}
