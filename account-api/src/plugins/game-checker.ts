import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { GAMES } from '@portal/shared-contracts';
import { GameChecker } from '../game-health/game-checker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game link checker; its timer runs only when GAME_CHECKS is on (the jobs plugin starts it). */
    gameChecker: GameChecker;
  }
}

/** Built before the routes and metrics that read it; started last, with the other jobs. */
const gameChecker: FastifyPluginAsync = async (fastify) => {
  const { config, database, gameHealth, playData, now } = fastify;
  fastify.decorate(
    'gameChecker',
    new GameChecker(
      database.db,
      gameHealth,
      GAMES.map((game) => ({ id: game.id, link: game.link })),
      config.gameChecks,
      fastify.log,
      now,
      () => playData.stats.invalidate(),
    ),
  );
};

export default fp(gameChecker, { name: 'game-checker', dependencies: ['stores', 'play-data'] });
