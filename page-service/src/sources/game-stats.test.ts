import { jsonServer } from '../testing/json-server';
import { GameStatsSource, statsUrlOf } from './game-stats';

const snapshot = (mostPlayed: number[], generatedAt = '2026-11-24T10:00:00.000Z') => ({
  generatedAt,
  games: Object.fromEntries(mostPlayed.map((id) => [String(id), { plays: 3, likes: 0, dislikes: 0 }])),
  trending: mostPlayed,
  trendingWindow: '24h',
  mostPlayed,
});

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe("the API's stats snapshot", () => {
  let api: Awaited<ReturnType<typeof jsonServer>>;
  let clock = 0;
  const source = new GameStatsSource(() => clock, 30);
  beforeAll(async () => {
    api = await jsonServer({ '/api/stats/games': snapshot([5]), '/wrong/api/stats/games': { games: 1 } });
  });
  afterAll(async () => {
    source.close();
    await api.close();
  });

  test('is read beside the API, and not for a relative or missing URL', async () => {
    expect(statsUrlOf(`${api.base}/`)).toBe(`${api.base}/api/stats/games`);
    expect(statsUrlOf('/api')).toBeNull();
    expect(statsUrlOf(undefined)).toBeNull();
    expect(await source.get(null)).toEqual({ snapshot: null, version: 0 });
  });

  test('the first ask waits for it; its version moves with the figures, not with a newer copy of the same', async () => {
    const url = `${api.base}/api/stats/games`;
    const first = await source.get(url);
    expect(first.snapshot?.mostPlayed).toEqual([5]);
    api.files['/api/stats/games'] = snapshot([5], '2026-11-24T10:00:05.000Z');
    const asked = api.requests.length;
    await until(() => api.requests.length > asked + 1);
    expect((await source.get(url)).version).toBe(first.version);
    api.files['/api/stats/games'] = snapshot([7, 5]);
    await until(async () => (await source.get(url)).version !== first.version);
    expect((await source.get(url)).snapshot?.mostPlayed).toEqual([7, 5]);
  });

  test('an API that stops answering keeps its last figures for a while, then none', async () => {
    const url = `${api.base}/gone/api/stats/games`;
    api.files['/gone/api/stats/games'] = snapshot([9]);
    const had = await source.get(url);
    expect(had.snapshot?.mostPlayed).toEqual([9]);
    delete api.files['/gone/api/stats/games'];
    const asked = api.requests.length;
    await until(() => api.requests.length > asked + 1);
    expect((await source.get(url)).snapshot?.mostPlayed).toEqual([9]);
    clock += 11 * 60_000;
    await until(async () => (await source.get(url)).snapshot === null);
    expect((await source.get(url)).version).not.toBe(had.version);
  });

  test('an answer that is not a snapshot, or no answer at all, gives no figures', async () => {
    expect((await source.get(`${api.base}/wrong/api/stats/games`)).snapshot).toBeNull();
    expect((await source.get('http://127.0.0.1:9/api/stats/games')).snapshot).toBeNull();
  });
});
