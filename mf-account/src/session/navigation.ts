/**
 * Sagas must send the player to '/', but only components can get react-router's navigate.
 * Mounted components register theirs here; a request made before any registered (e.g. an
 * expired session found while the store is being created) waits for the first one.
 */
export type Navigate = (path: string) => void;

const navigators: Navigate[] = [];
let pendingPath: string | null = null;

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

export function navigateTo(path: string): void {
  const navigate = navigators[navigators.length - 1];
  if (navigate) navigate(path);
  else pendingPath = path;
}
