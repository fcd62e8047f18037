import { useMemo } from 'react';
import { unavailableGameIds, useGameStats, withoutUnavailable } from '@portal/runtime';

/** The ids of the games the API's link checker found dead (decision 0058), kept fresh with the stats. */
export function useUnavailableGames(): ReadonlySet<number> {
  // Subscribed for its refreshes: a snapshot naming other dead games redraws the page.
  useGameStats();
  return unavailableGameIds();
}

/** The games without those found dead. */
export function useAvailableGames<T extends { id: number }>(games: readonly T[]): readonly T[] {
  const unavailable = useUnavailableGames();
  return useMemo(() => withoutUnavailable(games, unavailable), [games, unavailable]);
}
