import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http/errors';
import type { RoundSummary } from './game-checker';

/** Runs a round of game checks now, outside production: what tests and a developer drive the checker with. */
export const DEV_GAME_CHECK_PATH = '/__dev/game-checks/run';

export const gameCheckRoutes: FastifyPluginAsync = async (app) => {
  app.post(DEV_GAME_CHECK_PATH, { schema: { hide: true } }, async (): Promise<RoundSummary> => {
    // Every call sends a request to each game host: never something the public may trigger.
    if (app.config.production) throw new HttpError(403, 'Game checks cannot be started by a request in production');
    const summary = await app.gameChecker.runRound();
    app.playData.stats.invalidate();
    return summary;
  });
};
