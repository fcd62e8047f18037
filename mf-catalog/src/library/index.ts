// The library feature's public entry: what other features of this remote may use.
export { useLibrary } from './use-library';
