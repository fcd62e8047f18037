import { useCallback, useEffect, useState } from 'react';
import { useBrowserValue } from '@portal/ui';

/**
 * Loading until the frame reports a load for the current load key (product §4.7): the link, and
 * after a Retry the link with the attempt's number.
 * The flag is derived from "which key last finished loading", so a new link (or attempt) is
 * loading again from its very first render, with no effect and no flash of the old state.
 * A frame that came in the server's HTML (decision 0032) may have loaded before React was
 * listening; the page's own load event waits for it, so once the page has loaded, so has it.
 */
export function useLoadedFlag(loadKey: string): { loading: boolean; markLoaded: () => void } {
  const [loadedKey, setLoadedKey] = useState<string | undefined>(undefined);
  const markLoaded = useCallback(() => setLoadedKey(loadKey), [loadKey]);
  // True only in a render that hydrates the server's HTML (React reads the server snapshot then).
  const hydrating = useBrowserValue(() => false, true);
  const [serverKey] = useState(hydrating ? loadKey : undefined);
  const fromServer = serverKey === loadKey;
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
  return { loading: loadedKey !== loadKey, markLoaded };
}
