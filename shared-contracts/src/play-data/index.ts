export * from './play-data';
export * from './sort';
export * from './home-rows';
export * from './texts';
export * from './device-id';
export * from './play-data-client';
export * from './play-data-api';
export * from './unavailable-games';
