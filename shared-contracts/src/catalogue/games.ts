import rawGames from './games.json';
import gamesAdded from './games-added.json';
import { toGames, type Game } from './game';

/** The bundled catalogue (checked at the build: catalogue-check.ts), each game with its date added. */
export const GAMES: readonly Game[] = Object.freeze(toGames(rawGames, gamesAdded));
