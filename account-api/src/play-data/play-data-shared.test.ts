import type { GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { PLAY_DATA_PATHS } from '@portal/shared-contracts/play-data';
import { createOwnDatabase } from '../testing/own-database';
import { json, startTestServer, type TestServer } from '../testing/test-server';
import { DAILY_BOUNDS } from './daily-bounds';

/**
 * Two API instances on one PostgreSQL and one Redis: every play is counted once, and one
 * instance rolls the counts up. Runs under `npm run test:pg`; skipped when either is missing.
 */
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const describeShared = shared ? describe : describe.skip;

describeShared('play counts shared by two instances (PostgreSQL + Redis)', () => {
  const prefix = `plays-${process.pid}-${Date.now()}:`;
  let first: TestServer;
  let second: TestServer;
  let drop: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    const own = await createOwnDatabase('play_data_shared');
    if (!own) throw new Error('TEST_DATABASE_URL is set, so an own database must be made');
    drop = () => own.drop();
    // Long rollup interval: the test rolls up by hand, so the timers stay out of the way.
    const start = () =>
      startTestServer({
        databaseUrl: own.url,
        redisKeyPrefix: prefix,
        jwtSecret: 'a-secret-both-instances-share-0123456789',
        playData: { rollupIntervalMs: 60 * 60 * 1000, statsCacheMs: 1000, reportsToken: null },
      });
    first = await start();
    second = await start();
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await drop();
  });

  const devices = ['sharedDeviceOne00000001', 'sharedDeviceTwo00000002', 'sharedDeviceThree000003'];

  it('counts each device once across both instances, and the rollup runs once', async () => {
    expect(first.context.database.dialect).toBe('postgres');
    expect(first.context.redis).not.toBeNull();
    // Each device plays game 5 twenty times, spread over both instances, all at once.
    const posts = devices.flatMap((deviceId) =>
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? first : second).app.inject({
          method: 'POST',
          url: PLAY_DATA_PATHS.plays,
          remoteAddress: `192.0.2.${i + 1}`,
          payload: { gameId: 5, deviceId },
        }),
      ),
    );
    const counted = (await Promise.all(posts)).filter((response) => json<{ counted: boolean }>(response).counted);
    expect(counted).toHaveLength(3);

    // Before the rollup, both instances read the pending plays from Redis.
    for (const server of [first, second]) {
      server.context.playData.stats.invalidate();
      const snapshot = json<GameStatsSnapshot>(await server.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats }));
      expect(snapshot.games['5']?.plays).toBe(3);
      expect(snapshot.trending[0]).toBe(5);
    }

    const at = first.context.now();
    const rounds = await Promise.all([first.context.playData.counter.rollup(at), second.context.playData.counter.rollup(at)]);
    expect(rounds.filter((moved) => moved !== null)).toEqual([3]);

    const rows = await first.context.database.db.selectFrom('game_play_days').selectAll().execute();
    expect(rows.map((row) => ({ game: row.game_id, plays: row.plays }))).toEqual([{ game: 5, plays: 3 }]);
    expect(await second.context.playData.counter.pending()).toHaveLength(0);
    second.context.playData.stats.invalidate();
    const after = json<GameStatsSnapshot>(await second.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats }));
    expect(after.games['5']?.plays).toBe(3);
  });

  it(`100 plays with new device ids from one address, over both instances at once, count ${DAILY_BOUNDS.plays.address}; a /24 of addresses ${DAILY_BOUNDS.plays.site}`, async () => {
    const farm = (gameId: number, address: (i: number) => string) =>
      Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 === 0 ? first : second).app.inject({
            method: 'POST',
            url: PLAY_DATA_PATHS.plays,
            remoteAddress: address(i),
            payload: { gameId, deviceId: `sharedFarm${gameId}x${String(i).padStart(8, '0')}` },
          }),
        ),
      );
    // Both clocks to the next UTC noon: no midnight (a new day's bounds) inside the test.
    const day = 24 * 60 * 60 * 1000;
    const at = first.context.now().getTime();
    const noon = Math.floor(at / day) * day + day / 2;
    for (const server of [first, second]) server.advance((noon > at ? noon : noon + day) - at);
    const counted = (answers: Awaited<ReturnType<typeof farm>>) =>
      answers.filter((response) => json<{ counted: boolean }>(response).counted).length;
    expect(counted(await farm(6, () => '198.51.100.33'))).toBe(DAILY_BOUNDS.plays.address);
    expect(counted(await farm(7, (i) => `203.0.113.${(i % 50) + 1}`))).toBe(DAILY_BOUNDS.plays.site);
    first.context.playData.stats.invalidate();
    const snapshot = json<GameStatsSnapshot>(await first.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats }));
    expect(snapshot.games['6']?.plays).toBe(DAILY_BOUNDS.plays.address);
    expect(snapshot.games['7']?.plays).toBe(DAILY_BOUNDS.plays.site);
  });
});
