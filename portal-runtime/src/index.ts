// The portal's browser runtime: the state every part shares in one page (the bus between parts,
// the player's library in local storage, the play-data client and its snapshot) and the hooks
// that read it. The shell provides this package as a shared singleton, so there is one copy per
// page (docs/architecture.md, decision 0064); the contracts it speaks are in shared-contracts.
export * from './events/bus';
export * from './library/library-store';
export * from './library/use-library';
export * from './play-data/play-data-api';
export * from './play-data/play-data-client';
export * from './play-data/unavailable-games';
export * from './play-data/use-game-stats';
