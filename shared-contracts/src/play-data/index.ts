export * from './play-data';
export * from './sort';
export * from './home-rows';
export * from './texts';
export * from './device-id';
