export * from './library';
export * from './library-store';
export * from './related';
