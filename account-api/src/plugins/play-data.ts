import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createPlayData, type PlayData } from '../play-data/play-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** Play counts, likes and reports. */
    playData: PlayData;
  }
}

/** Play counts in Redis when there is one (rolled up into the database), else in the database. */
const playData: FastifyPluginAsync = async (fastify) => {
  const { config, database, redis, now, secrets } = fastify;
  fastify.decorate('playData', createPlayData({ config, database, redis, secret: secrets.keys.playData, now }));
};

export default fp(playData, { name: 'play-data', dependencies: ['database', 'redis'] });
