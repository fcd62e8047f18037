import { useSyncExternalStore } from 'react';
import { getGameStatsView, serverGameStatsView, subscribeGameStats, type GameStatsView } from './play-data-client';

/** Every game's figures, fetched once per page and refreshed every half minute; none on the server. */
export function useGameStats(): GameStatsView {
  return useSyncExternalStore(subscribeGameStats, getGameStatsView, serverGameStatsView);
}
