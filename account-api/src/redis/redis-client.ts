import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from '../config';

// A request waits for Redis at most this long: a rate limit must not hang the request it guards.
const CLIENT_OPTIONS: RedisOptions = { maxRetriesPerRequest: 2, connectTimeout: 5000, lazyConnect: true };

/**
 * The Redis client the settings name, not yet connected: REDIS_URL's server, or the primary the
 * Sentinels in REDIS_SENTINELS name (REDIS_URL then gives only the password and database), which
 * ioredis asks again after a failover. Null when neither is set.
 */
export function redisClientFor(config: Pick<Config, 'redisUrl' | 'redisSentinels'>): Redis | null {
  const sentinels = config.redisSentinels;
  if (!sentinels) return config.redisUrl ? new Redis(config.redisUrl, CLIENT_OPTIONS) : null;
  const options: RedisOptions = {
    ...CLIENT_OPTIONS,
    sentinels: sentinels.nodes,
    name: sentinels.name,
    ...(sentinels.password ? { sentinelPassword: sentinels.password } : {}),
  };
  return config.redisUrl ? new Redis(config.redisUrl, options) : new Redis(options);
}

/** Where the client points, for a start-up error: never the password. */
export function redisTarget(config: Pick<Config, 'redisSentinels'>): string {
  const sentinels = config.redisSentinels;
  return sentinels
    ? `the primary "${sentinels.name}" of REDIS_SENTINELS (${sentinels.nodes.map(({ host, port }) => `${host}:${port}`).join(', ')})`
    : 'REDIS_URL';
}
