import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { GAMES, readLastPlayedGame, type LastPlayedGame } from '@portal/shared-contracts';
import { resolveGameSource, type GameSource } from './game-source';

/** Storage can throw (disabled cookies, sandboxed embeds): then nothing is remembered. None at build time (decision 0032). */
function readStoredGame(): Partial<LastPlayedGame> {
  if (typeof window === 'undefined') return {};
  try {
    return readLastPlayedGame(window.localStorage);
  } catch {
    return {};
  }
}

/** The game of the current /game/:gameId URL, or undefined for "Game not found". */
export function useGameSource(gameHosts?: readonly string[]): GameSource | undefined {
  const { gameId } = useParams();
  const state: unknown = useLocation().state;
  return useMemo(
    () =>
      resolveGameSource({
        gameId,
        navigationState: state,
        stored: readStoredGame(),
        catalogue: GAMES,
        gameHosts,
        siteOrigin: typeof window === 'undefined' ? undefined : window.location.origin,
      }),
    [gameId, state, gameHosts],
  );
}
