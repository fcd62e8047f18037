import rawGames from './games.json';
import gamesAdded from './games-added.json';
import { parseCatalogue, type Game } from './game';

/** The bundled catalogue, validated once when the module loads, each game with its date added. */
export const GAMES: readonly Game[] = Object.freeze(parseCatalogue(rawGames, gamesAdded));
