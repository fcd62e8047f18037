export * from './library';
export * from './library-store';
