import { Redis } from 'ioredis';
import { loadConfig } from '../config';
import { RATE_LIMITS } from '../http/rate-limits';
import { startTestServer, wrongLoginFrom } from '../testing/test-server';
import { redisClientFor, redisTarget } from './redis-client';

describe('REDIS_SENTINELS', () => {
  it('lists the Sentinels to ask, with the primary name and their password', () => {
    const config = loadConfig({
      REDIS_SENTINELS: 'sentinel-0.redis:26379, [::1]:26380',
      REDIS_SENTINEL_NAME: 'portal',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
    });
    expect(config.redisSentinels).toEqual({
      nodes: [
        { host: 'sentinel-0.redis', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'portal',
      password: 'sentinel-secret',
    });
    expect(redisTarget(config)).toBe('the primary "portal" of REDIS_SENTINELS (sentinel-0.redis:26379, ::1:26380)');
    expect(loadConfig({}).redisSentinels).toBeNull();
    expect(loadConfig({ REDIS_SENTINELS: 'a:1' }).redisSentinels?.name).toBe('mymaster');
  });

  it.each(['sentinel-0.redis', 'host:0', 'host:65536', 'host:port', ','])('refuses "%s" at start-up', (entry) => {
    expect(() => loadConfig({ REDIS_SENTINELS: entry })).toThrow(`REDIS_SENTINELS must list host:port entries, got "${entry}"`);
  });

  it('connects to nothing when neither REDIS_URL nor REDIS_SENTINELS is set', () => {
    expect(redisClientFor({ redisUrl: null, redisSentinels: null })).toBeNull();
  });
});

/**
 * Against a real Sentinel watching the test Redis (scripts/with-redis.sh starts both for
 * `npm run test:pg` and `npm run test:redis`); skipped without them.
 */
const sentinels = process.env.TEST_REDIS_SENTINELS;
const primaryUrl = process.env.TEST_REDIS_URL;
const describeSentinel = sentinels && primaryUrl ? describe : describe.skip;

describeSentinel('an API whose Redis is found through Sentinel', () => {
  it('keeps its rate limits on the primary the Sentinel names', async () => {
    const prefix = `sentinel-${process.pid}-${Date.now()}:`;
    const config = loadConfig({ REDIS_SENTINELS: sentinels });
    const server = await startTestServer({
      redisUrl: null,
      redisSentinels: config.redisSentinels,
      redisKeyPrefix: prefix,
      trustProxy: 1,
    });
    const primary = new Redis(primaryUrl!);
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.login.max; i += 1)
        statuses.push((await wrongLoginFrom(server.app, '203.0.113.77', 'nobody-here')).statusCode);
      expect(statuses.at(-1)).toBe(429);
      // The counters are on the server REDIS_URL names directly: the Sentinel led the API there.
      expect((await primary.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      primary.disconnect();
      await server.close();
    }
  });
});
