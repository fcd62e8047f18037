import { useCallback, useEffect, useState } from 'react';
import { useBrowserValue } from 'ui';

/**
 * Loading until the frame reports a load for the current link (product §4.7).
 * The flag is derived from "which link last finished loading", so a new link is loading
 * again from its very first render, with no effect and no flash of the old state.
 * A frame that came in the server's HTML (decision 0032) may have loaded before React was
 * listening; the page's own load event waits for it, so once the page has loaded, so has it.
 */
export function useLoadedFlag(link: string): { loading: boolean; markLoaded: () => void } {
  const [loadedLink, setLoadedLink] = useState<string | undefined>(undefined);
  const markLoaded = useCallback(() => setLoadedLink(link), [link]);
  // True only in a render that hydrates the server's HTML (React reads the server snapshot then).
  const hydrating = useBrowserValue(() => false, true);
  const [serverLink] = useState(hydrating ? link : undefined);
  const fromServer = serverLink === link;
  useEffect(() => {
    if (!fromServer) return undefined;
    if (document.readyState === 'complete') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the frame's load came before hydration; this is its late delivery
      markLoaded();
      return undefined;
    }
    window.addEventListener('load', markLoaded, { once: true });
    return () => window.removeEventListener('load', markLoaded);
  }, [fromServer, markLoaded]);
  return { loading: loadedLink !== link, markLoaded };
}
