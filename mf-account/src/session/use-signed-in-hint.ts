import { useCallback, useEffect, useState } from 'react';
import { on, STORAGE_KEYS } from 'shared-contracts';
import { browserTokens } from './token-store';

/**
 * Whether a session is stored, without the store: read from the token store on mount, then
 * kept current by the account store's `session:changed` announcements (sign-in, logout,
 * expiry in this tab) and by storage events (another tab).
 */
export function useSignedInHint(): [signedIn: boolean, signedOut: () => void] {
  const [signedIn, setSignedIn] = useState(() => browserTokens().readAccess() !== null);
  useEffect(() => {
    const offSession = on('session:changed', (session) => {
      setSignedIn(session.signedIn);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token || event.key === null) setSignedIn(browserTokens().readAccess() !== null);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offSession();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  const signedOut = useCallback(() => {
    setSignedIn(false);
  }, []);
  return [signedIn, signedOut];
}
