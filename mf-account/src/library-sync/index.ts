// The library sync's public entry (decision 0043): what the app may use.
export { librarySyncSaga } from './library-sync-saga';
export { startLibrarySync, type LibrarySyncHandle } from './library-sync';
