import { useSyncExternalStore } from 'react';
import { EMPTY_LIBRARY, type PlayerLibrary } from '@portal/shared-contracts';
import { getLibrary, subscribeLibrary } from './library-store';

/** The player library of this browser (the library store), re-rendering on every change. */
export function useLibrary(): PlayerLibrary {
  return useSyncExternalStore(subscribeLibrary, getLibrary, () => EMPTY_LIBRARY);
}
