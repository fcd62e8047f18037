import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every setting, read once at start-up (config.ts). */
    config: Config;
    /** The app's clock: tests move it to reach expiry without waiting. */
    now: () => Date;
  }
}

export interface AppOptionsPluginOptions {
  config: Config;
  now: () => Date;
}

/** What every other plugin reads first: the settings and the clock. */
const appOptions: FastifyPluginAsync<AppOptionsPluginOptions> = async (fastify, { config, now }) => {
  fastify.decorate('config', config);
  fastify.decorate('now', now);
};

export default fp(appOptions, { name: 'app-options' });
