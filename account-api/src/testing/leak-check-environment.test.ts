import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * On PostgreSQL, a test file that leaves a connection open fails by itself, naming the file and
 * the connection (leak-check-environment.ts), even though each of its tests passed.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

const WORKSPACE = path.resolve(__dirname, '..', '..');

onPostgres(
  'a test file that leaves a pool open fails, naming itself and the connection',
  () => {
    const jest = spawnSync(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--ci', '--forceExit', '--testMatch', '**/testing/fixtures/leaky-pool.fixture.ts'],
      { cwd: WORKSPACE, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
    );
    const output = jest.stdout + jest.stderr;
    expect(jest.status).toBe(1);
    expect(output).toContain('Tests:       1 passed, 1 total');
    expect(output).toMatch(
      /The test file left 1 PostgreSQL connection\(s\) open 5 s after its last afterAll: a server or pool it did not close[^]*on account_test from "jest:src\/testing\/fixtures\/leaky-pool\.fixture\.ts", idle, open [\d.]+ s, last statement: select 1 as one/,
    );
  },
  60_000,
);
