import { useSyncExternalStore } from 'react';
import { browserTokens, subscribeTokens } from '../api/token-store';

const signedInNow = (): boolean => browserTokens().readAccess() !== null;
/** No session in the server's HTML: the header is rendered signed out. */
const signedInOnServer = (): boolean => false;

/**
 * product §4: signed in means an access token is stored. Read from the token store, the one
 * source, by every part of the account remote, with or without its store: a sign-in, logout or
 * expiry in this tab and another tab's session change all re-render the readers at once.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeTokens, signedInNow, signedInOnServer);
}
