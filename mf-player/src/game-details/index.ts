// The game-details feature's public entry: the feed's description and controls on the play page.
export { GameAbout } from './game-about';
export { loadGameDetails, primeGameDetails } from './game-details-store';
