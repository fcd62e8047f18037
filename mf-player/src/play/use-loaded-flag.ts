import { useCallback, useState } from 'react';

/**
 * Loading until the frame reports a load for the current link (product §4.7).
 * The flag is derived from "which link last finished loading", so a new link is loading
 * again from its very first render, with no effect and no flash of the old state.
 */
export function useLoadedFlag(link: string): { loading: boolean; markLoaded: () => void } {
  const [loadedLink, setLoadedLink] = useState<string | undefined>(undefined);
  const markLoaded = useCallback(() => setLoadedLink(link), [link]);
  return { loading: loadedLink !== link, markLoaded };
}
