import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * A value of the browser that does not change while the page is open, the same on the server's
 * HTML and in the render that hydrates it (decision 0032): `onServer` there, the browser's value
 * from the next render on. Read through React so the two never disagree during hydration.
 */
export function useBrowserValue<T>(readInBrowser: () => T, onServer: T): T {
  return useSyncExternalStore(subscribeToNothing, readInBrowser, () => onServer);
}
