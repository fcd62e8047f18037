import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createPlayData, type PlayData } from '../play-data/play-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** Play counts, likes and reports. */
    playData: PlayData;
  }
}

/** Dedupe marks of counted plays are swept this often (with a rollup round). */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Play counts in Redis when there is one, else in the database. Every PLAY_ROLLUP_SECONDS the
 * counted plays move into the database; closed before Redis and the pool (registered after them).
 */
const playData: FastifyPluginAsync = async (fastify) => {
  const { config, database, redis, now, secrets } = fastify;
  fastify.decorate('playData', createPlayData({ config, database, redis, secret: secrets.keys.playData, now }));
  startRollup(fastify);
};

/** Every interval one instance moves the counted plays into the database; dedupe marks are swept. */
function startRollup(app: FastifyInstance): void {
  const { playData, now } = app;
  let lastSweep = 0;
  let running: Promise<void> | null = null;
  const round = async () => {
    try {
      const moved = await playData.counter.rollup(now());
      if (moved) app.log.debug({ plays: moved }, 'plays rolled up');
      if (now().getTime() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now().getTime();
        await playData.counter.sweep(now());
      }
    } catch (error) {
      app.log.warn({ err: error }, 'play rollup failed; the plays wait for the next round');
    }
  };
  const timer = setInterval(() => {
    running ??= round().finally(() => {
      running = null;
    });
  }, app.config.playData.rollupIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(playData, { name: 'play-data', dependencies: ['database', 'redis'] });
