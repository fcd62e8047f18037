export * from './play-data';
export * from './device-id';
