import { use } from 'react';
import type { GameDetails } from '@portal/shared-contracts/game-details';

type Lookup = (gameId: number) => GameDetails | undefined;
const NONE: Lookup = () => undefined;

// The feed's texts for every game are a chunk of their own (about 11 KB compressed): fetched when
// a play page first renders, beside the game's frame, then kept for the session. Never in the
// start-up path of any page (decision 0056). The build-time renderer primes them (render-fragments).
let lookup: Lookup | undefined;
let pending: Promise<Lookup> | undefined;

/** Hands the details over at once (the build-time renderer, tests). */
export function primeGameDetails(details: Lookup): void {
  lookup = details;
}

/** Starts fetching the details (once); a failed fetch gives no details, and the next page asks again. */
export function loadGameDetails(): Promise<Lookup> {
  pending ??= import(/* webpackChunkName: "game-details" */ '@portal/shared-contracts/game-details').then(
    (module) => (lookup = module.gameDetailsOf),
    () => {
      pending = undefined;
      return NONE;
    },
  );
  return pending;
}

/** The game's details; suspends (in a Suspense boundary) until the chunk is there. */
export function useGameDetails(gameId: number): GameDetails | undefined {
  return (lookup ?? use(loadGameDetails()))(gameId);
}
