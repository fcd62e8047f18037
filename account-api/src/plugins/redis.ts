import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { redisClientFor, redisTarget } from '../redis/redis-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one Redis client (REDIS_URL), or null: limits then live in process memory. */
    redis: Redis | null;
  }
}

/** Connects to Redis when REDIS_URL is set; a Redis out of reach stops the start. */
const redis: FastifyPluginAsync = async (fastify) => {
  const client = redisClientFor(fastify.config);
  if (!client) {
    fastify.decorate('redis', null);
    return;
  }
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `Cannot reach Redis at ${redisTarget(fastify.config)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // Closed with the app only once connected: a failed connect has disconnected it already.
  fastify.addHook('onClose', async () => {
    await client.quit().catch(() => client.disconnect());
  });
  fastify.decorate('redis', client);
};

export default fp(redis, { name: 'redis', dependencies: ['app-options'] });
