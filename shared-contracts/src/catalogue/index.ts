export * from './game';
export * from './games';
export * from './queries';
export * from './category-art';
export * from './game-image';
