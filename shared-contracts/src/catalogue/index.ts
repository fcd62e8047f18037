export * from './game';
export * from './games';
export * from './queries';
export * from './game-image';
