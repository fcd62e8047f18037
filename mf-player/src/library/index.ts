// The library feature's public entry: what other features of this remote may use.
export { FavouriteButton } from './favourite-button';
export { GameLinkRow } from './game-link-row';
export { PlayGameLink, playGameImage } from './play-game-link';
