import { useSyncExternalStore } from 'react';
import { EMPTY_LIBRARY, getLibrary, subscribeLibrary, type PlayerLibrary } from 'shared-contracts';

/** The player library of this browser (shared-contracts store), re-rendering on every change. */
export function useLibrary(): PlayerLibrary {
  return useSyncExternalStore(subscribeLibrary, getLibrary, () => EMPTY_LIBRARY);
}
