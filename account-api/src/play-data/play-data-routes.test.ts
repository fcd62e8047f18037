import type { GameStatsSnapshot, VoteResponse, VotesResponse } from '@portal/shared-contracts/play-data';
import { PLAY_DATA_PATHS, PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { createOwnDatabase } from '../testing/own-database';
import { bearer, json, signedInPlayer, startTestServer, type TestServer } from '../testing/test-server';

const DEVICE_A = 'deviceAaaaaaaaaaaaaaaaaaa';
const DEVICE_B = 'deviceBbbbbbbbbbbbbbbbbbb';
const DEVICE_C = 'deviceCcccccccccccccccccc';
let counter = 0;
/** A device id no other test used. */
const freshDevice = () => `device${Date.now().toString(36)}x${(counter += 1).toString().padStart(8, '0')}`;

let server: TestServer;
let dropDatabase: (() => Promise<void>) | undefined;
beforeAll(async () => {
  // Its own database on PostgreSQL: the figures must not include other test files' plays.
  const own = await createOwnDatabase('play_data_routes');
  dropDatabase = own ? () => own.drop() : undefined;
  server = await startTestServer(own ? { databaseUrl: own.url } : {});
});
afterAll(async () => {
  await server.close();
  await dropDatabase?.();
});

const play = (gameId: unknown, deviceId: unknown, address = '198.51.100.1') =>
  server.app.inject({
    method: 'POST',
    url: PLAY_DATA_PATHS.plays,
    remoteAddress: address,
    payload: { gameId, deviceId },
  });
const stats = async () => {
  server.context.playData.stats.invalidate();
  return json<GameStatsSnapshot>(await server.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats }));
};
const vote = (gameId: number, deviceId: string, value: 1 | -1 | 0, token?: string) =>
  server.app.inject({
    method: 'POST',
    url: PLAY_DATA_PATHS.votes,
    headers: token ? bearer(token) : {},
    payload: { gameId, deviceId, vote: value },
  });

describe('play events', () => {
  it('count once per device and game within 30 minutes, whatever the reloads, tabs or scripts', async () => {
    expect((await play(5, DEVICE_A)).statusCode).toBe(202);
    // A reload, a second tab, a script posting in a loop: the same device.
    const repeats = await Promise.all(Array.from({ length: 100 }, () => play(5, DEVICE_A, '198.51.100.2')));
    expect(repeats.map((response) => json<{ counted: boolean }>(response).counted)).not.toContain(true);
    await play(5, DEVICE_B, '198.51.100.3');
    await play(5, DEVICE_C, '198.51.100.4');
    await play(6, DEVICE_A, '198.51.100.5');
    let snapshot = await stats();
    expect(snapshot.games['5']?.plays).toBe(3);
    expect(snapshot.games['6']?.plays).toBe(1);
    expect(snapshot.trending.slice(0, 2)).toEqual([5, 6]);
    expect(snapshot.trendingWindow).toBe('24h');
    expect(snapshot.mostPlayed.slice(0, 2)).toEqual([5, 6]);

    server.advance(29 * 60 * 1000);
    expect(json<{ counted: boolean }>(await play(5, DEVICE_A, '198.51.100.6')).counted).toBe(false);
    server.advance(2 * 60 * 1000);
    expect(json<{ counted: boolean }>(await play(5, DEVICE_A, '198.51.100.6')).counted).toBe(true);
    snapshot = await stats();
    expect(snapshot.games['5']?.plays).toBe(4);
  });

  it('stores no address and no device id: only a keyed hash of the device id', async () => {
    const device = freshDevice();
    await play(7, device, '203.0.113.77');
    await server.context.playData.counter.rollup(server.context.now());
    const { db } = server.context.database;
    const seen = await db.selectFrom('play_seen').selectAll().execute();
    const stored = JSON.stringify([seen, await db.selectFrom('game_play_days').selectAll().execute()]);
    expect(stored).not.toContain(device);
    expect(stored).not.toContain('203.0.113.77');
  });

  it.each([
    [{ gameId: 999999, deviceId: DEVICE_A }, ['body', 'gameId'], 'Unknown game id 999999'],
    [{ gameId: 'five', deviceId: DEVICE_A }, ['body', 'gameId'], 'gameId must be a whole number'],
    [{ deviceId: DEVICE_A }, ['body', 'gameId'], 'gameId is required'],
    [{ gameId: 5, deviceId: 'short' }, ['body', 'deviceId'], 'deviceId is not in the expected format'],
  ])('answers bad input %j with 422 in the product §8 list shape, counting nothing', async (body, loc, msg) => {
    const response = await server.app.inject({ method: 'POST', url: PLAY_DATA_PATHS.plays, payload: body });
    expect(response.statusCode).toBe(422);
    expect(json<{ detail: unknown }>(response).detail).toEqual([{ loc, msg, type: expect.any(String) as unknown }]);
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) statuses.push((await play(8, freshDevice(), '198.51.100.99')).statusCode);
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(202));
    expect(statuses.slice(120)).toEqual(Array(5).fill(429));
    // Another address is not held up.
    expect((await play(8, freshDevice(), '198.51.100.100')).statusCode).toBe(202);
  });

  it('the stats route is public and cacheable', async () => {
    const response = await server.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});

describe('plays of a game found dead', () => {
  it('are taken but never counted while the link checker has the game hidden', async () => {
    const { db } = server.context.database;
    const at = new Date().toISOString();
    await db
      .insertInto('game_health')
      .values({
        game_id: 40,
        status: 'unavailable',
        failures: 3,
        last_checked_at: at,
        last_outcome: 'timeout',
        last_detail: null,
        changed_at: at,
        flagged_at: null,
      })
      .execute();
    try {
      // The hidden set is read at most once per STATS_CACHE_SECONDS (5 s here).
      server.advance(5_000);
      const refused = await play(40, freshDevice(), '198.51.100.40');
      expect(refused.statusCode).toBe(202);
      expect(refused.json()).toEqual({ counted: false });
    } finally {
      await db.deleteFrom('game_health').where('game_id', '=', 40).execute();
      server.advance(5_000);
    }
    // Back in the lists, it counts again.
    expect((await play(40, freshDevice(), '198.51.100.40')).json()).toEqual({ counted: true });
  });
});

describe('likes', () => {
  it("reading a player's votes (every play page view does) is limited like reading the figures, casting one at 60 a minute", async () => {
    const device = freshDevice();
    const read = () =>
      server.app.inject({
        method: 'GET',
        url: `${PLAY_DATA_PATHS.votes}?deviceId=${device}`,
        remoteAddress: '198.51.100.120',
      });
    const reads: number[] = [];
    for (let i = 0; i < 100; i += 1) reads.push((await read()).statusCode);
    expect(reads).toEqual(Array(100).fill(200));
    const cast = (i: number) =>
      server.app.inject({
        method: 'POST',
        url: PLAY_DATA_PATHS.votes,
        remoteAddress: '198.51.100.121',
        payload: { gameId: 30, deviceId: device, vote: i % 2 === 0 ? 1 : -1 },
      });
    const casts: number[] = [];
    for (let i = 0; i < 61; i += 1) casts.push((await cast(i)).statusCode);
    expect(casts.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(casts[60]).toBe(429);
  });

  it('one vote per device, changeable, and the share from 5 votes', async () => {
    const device = freshDevice();
    expect((await vote(20, device, 1)).statusCode).toBe(200);
    const changed = json<VoteResponse>(await vote(20, device, -1));
    expect(changed.votes).toEqual({ '20': -1 });
    expect(changed.stats).toMatchObject({ likes: 0, dislikes: 1 });
    for (let i = 0; i < 4; i += 1) await vote(20, freshDevice(), 1);
    const snapshot = await stats();
    expect(snapshot.games['20']).toMatchObject({ likes: 4, dislikes: 1 });
    const back = json<VoteResponse>(await vote(20, device, 0));
    expect(back.votes).toEqual({});
    expect(back.stats).toMatchObject({ likes: 4, dislikes: 0 });
  });

  it("a device's votes join the account on sign-in; the account's vote follows the player to another device", async () => {
    const { tokens } = await signedInPlayer(server.app);
    const laptop = freshDevice();
    await vote(21, laptop, 1);
    await vote(22, laptop, -1);
    const phone = freshDevice();
    const read = async (device: string, token?: string) =>
      json<VotesResponse>(
        await server.app.inject({
          method: 'GET',
          url: `${PLAY_DATA_PATHS.votes}?deviceId=${device}`,
          headers: token ? bearer(token) : {},
        }),
      ).votes;
    expect(await read(laptop, tokens.access_token)).toEqual({ '21': 1, '22': -1 });
    expect(await read(phone, tokens.access_token)).toEqual({ '21': 1, '22': -1 });
    // Merged, not doubled.
    expect((await stats()).games['21']).toMatchObject({ likes: 1, dislikes: 0 });
    expect(await read(laptop)).toEqual({});
  });

  it('a bad token is a 401, not an anonymous vote', async () => {
    const response = await vote(21, freshDevice(), 1, 'not-a-token');
    expect(response.statusCode).toBe(401);
  });

  it('refuses a vote that is not 1, -1 or 0 with 422', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: PLAY_DATA_PATHS.votes,
      payload: { gameId: 5, deviceId: freshDevice(), vote: 5 },
    });
    expect(response.statusCode).toBe(422);
    expect(json<{ detail: { msg: string }[] }>(response).detail[0]?.msg).toBe('vote must be one of 1, -1, 0');
  });
});

describe('reports', () => {
  const report = (body: object) => server.app.inject({ method: 'POST', url: PLAY_DATA_PATHS.reports, payload: body });

  it('takes one report per device, game and day', async () => {
    const device = freshDevice();
    const first = await report({ gameId: 12, deviceId: device, reason: 'black_screen', text: '  all black  ' });
    expect(first.statusCode).toBe(201);
    expect(json<{ detail: string }>(first).detail).toBe(PLAY_DATA_TEXT.reportThanks);
    const again = await report({ gameId: 12, deviceId: device, reason: 'stuck' });
    expect(again.statusCode).toBe(409);
    expect(json<{ detail: string }>(again).detail).toBe(PLAY_DATA_TEXT.reportAlready);
    expect((await report({ gameId: 10, deviceId: device, reason: 'stuck' })).statusCode).toBe(201);
    server.advance(24 * 60 * 60 * 1000);
    expect((await report({ gameId: 12, deviceId: device, reason: 'other' })).statusCode).toBe(201);
    const [newest] = await server.context.playData.reports.list(3);
    expect(newest).toMatchObject({ gameId: 12, reason: 'other', text: null });
  });

  it.each([
    [
      { gameId: 9, deviceId: DEVICE_A, reason: 'bored' },
      'reason must be one of "does_not_load", "black_screen", "stuck", "other"',
    ],
    [{ gameId: 9, deviceId: DEVICE_A, reason: 'other', text: 'x'.repeat(501) }, 'text must be at most 500 characters'],
    [{ gameId: 4, deviceId: DEVICE_A, reason: 'other' }, 'Unknown game id 4'],
  ])('refuses %j with 422', async (body, msg) => {
    const response = await report(body);
    expect(response.statusCode).toBe(422);
    expect(json<{ detail: { msg: string }[] }>(response).detail.map((item) => item.msg)).toEqual([msg]);
  });

  it('lists nothing without the operator token (the route is off when REPORTS_TOKEN is unset)', async () => {
    expect((await server.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.reports })).statusCode).toBe(404);
  });
});

describe('the reports route with an operator token', () => {
  let withToken: TestServer;
  beforeAll(async () => {
    withToken = await startTestServer({
      playData: { rollupIntervalMs: 30_000, statsCacheMs: 5000, reportsToken: 'operator-token-0123456789abcdef' },
    });
  });
  afterAll(() => withToken.close());

  it('answers the newest reports to the operator and 401 to anyone else', async () => {
    await withToken.app.inject({
      method: 'POST',
      url: PLAY_DATA_PATHS.reports,
      payload: { gameId: 11, deviceId: freshDevice(), reason: 'does_not_load' },
    });
    const refused = await withToken.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.reports, headers: bearer('guess') });
    expect(refused.statusCode).toBe(401);
    const listed = await withToken.app.inject({
      method: 'GET',
      url: PLAY_DATA_PATHS.reports,
      headers: bearer('operator-token-0123456789abcdef'),
    });
    expect(listed.statusCode).toBe(200);
    expect(json<{ reports: { gameId: number }[] }>(listed).reports.map((item) => item.gameId)).toContain(11);
  });
});
