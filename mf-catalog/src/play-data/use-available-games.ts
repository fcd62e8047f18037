import { useMemo } from 'react';
import { unavailableGameIds, useGameStats, withoutUnavailable } from '@portal/runtime';

/**
 * The games without those the API's link checker found dead (decision 0058): what the server
 * drew the page with first, then each refreshed stats snapshot's list.
 */
export function useAvailableGames<T extends { id: number }>(games: readonly T[]): readonly T[] {
  // Subscribed for its refreshes: a snapshot naming other dead games redraws the list.
  useGameStats();
  const unavailable = unavailableGameIds();
  return useMemo(() => withoutUnavailable(games, unavailable), [games, unavailable]);
}
