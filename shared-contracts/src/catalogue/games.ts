import rawGames from './games.json';
import { parseCatalogue, type Game } from './game';

/** The bundled catalogue, validated once when the module loads. */
export const GAMES: readonly Game[] = Object.freeze(parseCatalogue(rawGames));
