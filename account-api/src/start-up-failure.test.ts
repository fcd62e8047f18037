// A start-up that fails (a bad secret file, Redis out of reach) leaves nothing open behind it:
// the database's pool it had opened is closed before the error reaches the caller.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from './testing/test-server';

/** Each database pool buildApp opened, and whether it was closed since. */
const mockPools: { closed: boolean }[] = [];

jest.mock('./db/connect', () => {
  const actual = jest.requireActual<typeof import('./db/connect')>('./db/connect');
  return {
    ...actual,
    connectDatabase: (...args: Parameters<typeof actual.connectDatabase>) => {
      const database = actual.connectDatabase(...args);
      const pool = { closed: false };
      mockPools.push(pool);
      const destroy = database.db.destroy.bind(database.db);
      database.db.destroy = async () => {
        pool.closed = true;
        await destroy();
      };
      return database;
    },
  };
});

beforeEach(() => {
  mockPools.length = 0;
});

it('a secret file too short stops the start before the database is opened', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-start-'));
  fs.writeFileSync(path.join(dataDir, 'server-secret'), 'short');
  await expect(startTestServer({ dataDir })).rejects.toThrow(/server-secret is empty or shorter/);
  expect(mockPools).toEqual([]);
});

it('Redis out of reach stops the start, and the database pool it had opened is closed', async () => {
  await expect(startTestServer({ redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(/Cannot reach Redis at REDIS_URL/);
  expect(mockPools).toHaveLength(1);
  expect(mockPools[0]?.closed).toBe(true);
  // ioredis's disconnect of a connection that never opened leaves its own 2 s timer (its
  // disconnectTimeout): let it run out, or it outlives the test run.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
});
