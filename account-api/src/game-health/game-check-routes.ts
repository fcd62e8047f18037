import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { GameChecker, RoundSummary } from './game-checker';

/** Runs a round of game checks now, outside production: what tests and a developer drive the checker with. */
export const DEV_GAME_CHECK_PATH = '/__dev/game-checks/run';

export function registerGameCheckRoutes(app: FastifyInstance, context: AppContext, checker: GameChecker): void {
  app.post(DEV_GAME_CHECK_PATH, { schema: { hide: true } }, async (): Promise<RoundSummary> => {
    // Every call sends a request to each game host: never something the public may trigger.
    if (context.config.production) throw new HttpError(403, 'Game checks cannot be started by a request in production');
    const summary = await checker.runRound();
    context.playData.stats.invalidate();
    return summary;
  });
}
