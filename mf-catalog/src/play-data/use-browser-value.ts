import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** A value of the browser that does not change while the page is open: `onServer` on the server and while hydrating. */
export function useBrowserValue<T>(readInBrowser: () => T, onServer: T): T {
  return useSyncExternalStore(subscribeToNothing, readInBrowser, () => onServer);
}
