import { PLAY_DATA_PATHS, PLAY_DATA_TEXT, type GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { createOwnDatabase } from '../testing/own-database';
import { json, startTestServer, type TestServer } from '../testing/test-server';
import { DAILY_BOUNDS } from './daily-bounds';
import { PLAY_DATA_RETENTION } from './play-data';

/**
 * A script cannot stuff the figures: whatever device ids it invents, one address (an IPv4
 * address, an IPv6 /64) and one site (an IPv4 /24, an IPv6 /48) move one game's plays, likes
 * and reports by at most DAILY_BOUNDS a UTC day. On SQLite, and under `npm run test:pg` on
 * PostgreSQL with the plays counted in Redis.
 */
let server: TestServer;
let dropDatabase: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const own = await createOwnDatabase('play_data_bounds');
  dropDatabase = own ? () => own.drop() : undefined;
  server = await startTestServer(own ? { databaseUrl: own.url } : {});
});
afterAll(async () => {
  await server.close();
  await dropDatabase?.();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let devices = 0;
const newDevice = () => `boundDevice${Date.now().toString(36)}x${(devices += 1).toString().padStart(8, '0')}`;

/** Every test starts at the next UTC noon: a new day's bounds, and no midnight inside the test. */
function toNextNoon(): void {
  const at = server.context.now().getTime();
  const noon = Math.floor(at / DAY) * DAY + DAY / 2;
  server.advance((noon > at ? noon : noon + DAY) - at);
}

const post = (path: string, payload: object, address: string) =>
  server.app.inject({ method: 'POST', url: path, remoteAddress: address, payload });
async function playFrom(gameId: number, address: string, deviceId = newDevice()): Promise<boolean> {
  const answer = await post(PLAY_DATA_PATHS.plays, { gameId, deviceId }, address);
  expect(answer.statusCode).toBe(202);
  return json<{ counted: boolean }>(answer).counted;
}
async function stats(): Promise<GameStatsSnapshot> {
  // Redis's pending plays are read as they are; the database's at once.
  server.context.playData.stats.invalidate();
  return json<GameStatsSnapshot>(await server.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats }));
}
const playsOf = async (gameId: number) => (await stats()).games[String(gameId)]?.plays ?? 0;

describe('plays', () => {
  it(`100 plays with new device ids from one address count ${DAILY_BOUNDS.plays.address} a day; the rest answer 202 uncounted`, async () => {
    toNextNoon();
    const answers: boolean[] = [];
    for (let i = 0; i < 100; i += 1) answers.push(await playFrom(42, '198.51.100.7'));
    expect(answers.filter(Boolean)).toHaveLength(DAILY_BOUNDS.plays.address);
    expect(await playsOf(42)).toBe(DAILY_BOUNDS.plays.address);
    // The same address on another game, and another site on this one, are not held up.
    expect(await playFrom(43, '198.51.100.7')).toBe(true);
    expect(await playFrom(42, '203.0.113.9')).toBe(true);
    // The next UTC day the address counts again, up to the bound.
    toNextNoon();
    const nextDay: boolean[] = [];
    for (let i = 0; i < 15; i += 1) nextDay.push(await playFrom(42, '198.51.100.7'));
    expect(nextDay.filter(Boolean)).toHaveLength(DAILY_BOUNDS.plays.address);
    expect(await playsOf(42)).toBe(2 * DAILY_BOUNDS.plays.address + 1);
  });

  it(`a farm of addresses in one IPv4 /24 counts ${DAILY_BOUNDS.plays.site} plays of a game a day, all at once too`, async () => {
    toNextNoon();
    // 20 addresses of one /24, 5 new devices each, all sent together.
    const posts = Array.from({ length: 100 }, (_, i) => playFrom(44, `192.0.2.${(i % 20) + 1}`));
    expect((await Promise.all(posts)).filter(Boolean)).toHaveLength(DAILY_BOUNDS.plays.site);
    expect(await playsOf(44)).toBe(DAILY_BOUNDS.plays.site);
  });

  it('IPv6: every address of one /64 is one address, every /64 of one /48 one site', async () => {
    toNextNoon();
    const inOne64 = Array.from({ length: 30 }, (_, i) => `2001:db8:aa:1::${(i + 1).toString(16)}`);
    const counted: boolean[] = [];
    for (const address of inOne64) counted.push(await playFrom(45, address));
    expect(counted.filter(Boolean)).toHaveLength(DAILY_BOUNDS.plays.address);
    const in48: boolean[] = [];
    for (let i = 0; i < 60; i += 1) in48.push(await playFrom(45, `2001:db8:aa:${(i + 2).toString(16)}::1`));
    expect(in48.filter(Boolean)).toHaveLength(DAILY_BOUNDS.plays.site - DAILY_BOUNDS.plays.address);
    expect(await playsOf(45)).toBe(DAILY_BOUNDS.plays.site);
  });

  it('keeps no address: the bounds hold keyed hashes only', async () => {
    toNextNoon();
    await playFrom(46, '203.0.113.201');
    const rows = await server.context.database.db.selectFrom('play_data_bounds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|198\.51\.100|2001:db8/);
  });
});

describe('likes', () => {
  const vote = (gameId: number, deviceId: string, value: 1 | -1 | 0, address: string) =>
    post(PLAY_DATA_PATHS.votes, { gameId, deviceId, vote: value }, address);

  it(`50 likes with new device ids from one address: ${DAILY_BOUNDS.votes.address} count, the rest are refused with 429 in the product §8 shape`, async () => {
    toNextNoon();
    const answers = [];
    for (let i = 0; i < 50; i += 1) answers.push(await vote(49, newDevice(), 1, '198.51.100.50'));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(DAILY_BOUNDS.votes.address);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - DAILY_BOUNDS.votes.address);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(json<{ detail: string }>(refused)).toEqual({ detail: PLAY_DATA_TEXT.votesBounded });
    // Until the next UTC midnight: 12 hours from noon.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(12 * 60 * 60);
    expect(retryAfter).toBeGreaterThan(12 * 60 * 60 - 60);
    expect((await stats()).games['49']).toMatchObject({ likes: DAILY_BOUNDS.votes.address, dislikes: 0 });
  });

  it('changing or taking back one’s own vote is free; a vote taken back and cast again is new', async () => {
    toNextNoon();
    const mine = newDevice();
    expect((await vote(50, mine, 1, '198.51.100.60')).statusCode).toBe(200);
    for (let i = 0; i < 30; i += 1) expect((await vote(50, mine, i % 2 ? 1 : -1, '198.51.100.60')).statusCode).toBe(200);
    for (let i = 1; i < DAILY_BOUNDS.votes.address; i += 1) await vote(50, newDevice(), 1, '198.51.100.60');
    expect((await vote(50, newDevice(), 1, '198.51.100.60')).statusCode).toBe(429);
    expect((await vote(50, mine, -1, '198.51.100.60')).statusCode).toBe(200);
    expect((await vote(50, mine, 0, '198.51.100.60')).statusCode).toBe(200);
    expect((await vote(50, mine, 1, '198.51.100.60')).statusCode).toBe(429);
    // From another site the same device votes again.
    expect((await vote(50, mine, 1, '203.0.113.60')).statusCode).toBe(200);
  });
});

describe('reports', () => {
  it(`10 reports with new device ids from one address: ${DAILY_BOUNDS.reports.address} kept, then 429 with its own words`, async () => {
    toNextNoon();
    const answers = [];
    for (let i = 0; i < 10; i += 1) {
      answers.push(
        await post(
          PLAY_DATA_PATHS.reports,
          { gameId: 51, deviceId: newDevice(), reason: 'stuck', text: `report ${i}` },
          '198.51.100.70',
        ),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      ...Array<number>(DAILY_BOUNDS.reports.address).fill(201),
      ...Array<number>(10 - DAILY_BOUNDS.reports.address).fill(429),
    ]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(json<{ detail: string }>(refused)).toEqual({ detail: PLAY_DATA_TEXT.reportsBounded });
    const kept = (await server.context.playData.reports.list(1000)).filter((report) => report.gameId === 51);
    expect(kept).toHaveLength(DAILY_BOUNDS.reports.address);
  });
});

describe('old votes, old reports and spent bounds are purged', () => {
  it('by the purge job: votes a year unchanged, reports after 90 days, bound counters of past days', async () => {
    toNextNoon();
    const { db } = server.context.database;
    await post(PLAY_DATA_PATHS.votes, { gameId: 53, deviceId: newDevice(), vote: 1 }, '198.51.100.80');
    await post(PLAY_DATA_PATHS.reports, { gameId: 53, deviceId: newDevice(), reason: 'other' }, '198.51.100.80');
    const boundsBefore = await db.selectFrom('play_data_bounds').select('day').execute();
    server.advance(PLAY_DATA_RETENTION.reportsMs + HOUR);
    // A vote and a report of today stay.
    await post(PLAY_DATA_PATHS.votes, { gameId: 53, deviceId: newDevice(), vote: -1 }, '198.51.100.81');
    await post(PLAY_DATA_PATHS.reports, { gameId: 53, deviceId: newDevice(), reason: 'stuck' }, '198.51.100.81');
    const purged = await server.purgeJob.runOnce();
    expect(purged.spent_play_data_bounds).toBe(boundsBefore.length);
    const reports = await db.selectFrom('game_reports').select('reason').where('game_id', '=', 53).execute();
    expect(reports.map((row) => row.reason)).toEqual(['stuck']);
    expect((await stats()).games['53']).toMatchObject({ likes: 1, dislikes: 1 });

    server.advance(PLAY_DATA_RETENTION.votesMs - PLAY_DATA_RETENTION.reportsMs);
    await server.purgeJob.runOnce();
    expect((await stats()).games['53']).toMatchObject({ likes: 0, dislikes: 1 });
  });
});

describe('Trending now is the last day, Most played all time', () => {
  it('a game played a lot three days ago leads Most played; the game played today leads Trending, and the old one is not in it', async () => {
    toNextNoon();
    const [old, recent] = [54, 55];
    for (let i = 0; i < 8; i += 1) await playFrom(old, `203.0.${i + 10}.1`);
    server.advance(3 * DAY);
    for (let i = 0; i < 3; i += 1) await playFrom(recent, `203.0.${i + 30}.1`);
    await server.context.playData.counter.rollup(server.context.now());
    const snapshot = await stats();
    expect(snapshot.trendingWindow).toBe('24h');
    const rank = (list: number[], id: number) => list.indexOf(id);
    expect(rank(snapshot.mostPlayed, old)).toBeLessThan(rank(snapshot.mostPlayed, recent));
    expect(rank(snapshot.trending, recent)).toBeGreaterThanOrEqual(0);
    expect(snapshot.trending).not.toContain(old);
    expect(snapshot.trending).not.toEqual(snapshot.mostPlayed);
  });
});
