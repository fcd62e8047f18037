import { signedInPlayer, startTestServer, type TestServer, wrongLoginFrom } from '../testing/test-server';
import { ACCOUNT_LIMITS, RATE_LIMITS } from './rate-limits';

/**
 * Two API instances on one PostgreSQL and one Redis (decision 0007: several instances need
 * both). Runs under `npm run test:pg`, which starts both; skipped when either is missing.
 */
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const describeShared = shared ? describe : describe.skip;

describeShared('limits shared by two instances (PostgreSQL + Redis)', () => {
  const prefix = `shared-${process.pid}-${Date.now()}:`;
  const start = () =>
    startTestServer({ redisKeyPrefix: prefix, jwtSecret: 'a-secret-both-instances-share-0123456789', trustProxy: 1 });
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    [first, second] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  const loginOn = (server: TestServer, username: string, forwardedFor: string) =>
    wrongLoginFrom(server.app, forwardedFor, username);

  it('the per-address limit holds across instances: 10 wrong sign-ins in all, not 10 each', async () => {
    expect(first.context.database.dialect).toBe('postgres');
    const { player } = await signedInPlayer(first.app);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.login.max + 2; i += 1) {
      statuses.push((await loginOn(i % 2 === 0 ? first : second, player.username, '203.0.113.20')).statusCode);
    }
    expect(statuses.slice(0, RATE_LIMITS.login.max)).toEqual(Array(RATE_LIMITS.login.max).fill(400));
    expect(statuses.slice(RATE_LIMITS.login.max)).toEqual([429, 429]);
  });

  it('the per-account limit holds across instances and survives a restart', async () => {
    const { player } = await signedInPlayer(second.app);
    const statuses: number[] = [];
    // By email and by name in turn: two per-address route buckets, one account bucket.
    for (let i = 0; i < ACCOUNT_LIMITS.login.max + 1; i += 1) {
      const identifier = i % 2 === 0 ? player.email : player.username;
      statuses.push((await loginOn(i % 2 === 0 ? first : second, identifier, '203.0.113.100')).statusCode);
    }
    expect(statuses.slice(0, ACCOUNT_LIMITS.login.max)).toEqual(Array(ACCOUNT_LIMITS.login.max).fill(400));
    expect(statuses.at(-1)).toBe(429);
    // A restarted instance reads the same counters.
    await first.close();
    first = await start();
    expect((await loginOn(first, player.username.toUpperCase(), '203.0.113.100')).statusCode).toBe(429);
  });
});
