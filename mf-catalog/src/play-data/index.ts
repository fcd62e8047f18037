// The play-data feature's public entry: what other features of this remote may use.
export { PlaysBadge } from './plays-badge';
export { SortControl, useSortedGames } from './sort-control';
export { useAvailableGames } from './use-available-games';
