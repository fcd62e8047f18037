/**
 * Sagas must send the player to '/', but only components can get react-router's navigate.
 * Mounted components register theirs here; a request made before any registered (e.g. an
 * expired session found while the store is being created) waits for the first one.
 *
 * `navigateTo` resolves once a mounted part has committed the new location. The router's
 * navigation is a transition and a token-store update is not, so a saga that ended the session
 * before the new page was on screen would have the page being left redraw itself signed out
 * (the profile page's sign-in prompt, for a frame or more).
 */
export type Navigate = (path: string) => void;

/** A navigation that never commits (nothing mounted hears it) stops being waited for. */
export const ARRIVAL_LIMIT_MS = 1000;

const navigators: Navigate[] = [];
let pendingPath: string | null = null;
let arrivals: { path: string; arrive: () => void }[] = [];

export function registerNavigator(navigate: Navigate): () => void {
  navigators.push(navigate);
  if (pendingPath !== null) {
    const path = pendingPath;
    pendingPath = null;
    navigate(path);
  }
  return () => {
    const index = navigators.lastIndexOf(navigate);
    if (index >= 0) navigators.splice(index, 1);
  };
}

/** Told by each mounted part after it has committed a location (pathname, search and hash). */
export function locationCommitted(path: string): void {
  for (const waiting of arrivals.filter((arrival) => arrival.path === path)) waiting.arrive();
}

export function navigateTo(path: string): Promise<void> {
  const navigate = navigators[navigators.length - 1];
  if (!navigate) {
    pendingPath = path;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const arrival = {
      path,
      arrive: () => {
        clearTimeout(timer);
        arrivals = arrivals.filter((other) => other !== arrival);
        resolve();
      },
    };
    const timer = setTimeout(arrival.arrive, ARRIVAL_LIMIT_MS);
    arrivals.push(arrival);
    navigate(path);
  });
}
