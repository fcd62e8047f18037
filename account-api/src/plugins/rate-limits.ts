import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_LIMITS, accountLimit, rateLimitError, type AccountLimit } from '../http/rate-limits';
import { BoundedRateLimitStore, MemoryLimitStore, RedisLimitStore, type LimitStore } from '../security/limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-account limits (per client network, or per account for code mails), in the shared store (memory or Redis). */
    accountLimits: Record<keyof typeof ACCOUNT_LIMITS, AccountLimit>;
  }
}

/** The plugin builds its store with `new`: a class bound to this app's clock and bound. */
function boundedStoreFor(clock: () => number, maxKeys: number) {
  return class extends BoundedRateLimitStore {
    constructor() {
      super(clock, maxKeys);
    }
  };
}

/** Rate limits: in memory for one instance, in Redis (REDIS_URL) when several share the load. */
const rateLimits: FastifyPluginAsync = async (fastify) => {
  const { config, redis } = fastify;
  const clock = () => fastify.now().getTime();
  const limitStore: LimitStore = redis
    ? new RedisLimitStore(redis, `${config.redisKeyPrefix}account:`)
    : new MemoryLimitStore(clock, config.rateLimitMemoryKeys);
  await fastify.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: rateLimitError,
    ...(redis
      ? { redis, nameSpace: `${config.redisKeyPrefix}address:` }
      : // The plugin's own memory store is an LRU: it would forget a victim's counter under load.
        { store: boundedStoreFor(clock, config.rateLimitMemoryKeys) }),
  });
  fastify.decorate('accountLimits', {
    login: accountLimit(limitStore, ACCOUNT_LIMITS.login),
    codeEntry: accountLimit(limitStore, ACCOUNT_LIMITS.codeEntry),
    codeMails: accountLimit(limitStore, ACCOUNT_LIMITS.codeMails),
    codeMailsPerNetwork: accountLimit(limitStore, ACCOUNT_LIMITS.codeMailsPerNetwork),
    codeMailsOwner: accountLimit(limitStore, ACCOUNT_LIMITS.codeMailsOwner),
  });
};

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['redis'] });
