import type { GameStatsSnapshot } from '@portal/shared-contracts/play-data';

const snapshot = (trending: number[]): GameStatsSnapshot => ({
  generatedAt: '2026-11-24T08:00:00.000Z',
  games: Object.fromEntries(trending.map((id) => [String(id), { plays: 3, likes: 0, dislikes: 0 }])),
  trending,
  trendingWindow: '24h',
  mostPlayed: trending,
});

/** A fresh copy of the client (its state is per page), its API named, and fetch answering `answers` in turn. */
async function freshClient(answers: GameStatsSnapshot[]) {
  const fetchMock = jest.fn((): Promise<Response> => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
  });
  globalThis.fetch = fetchMock;
  jest.resetModules();
  (await import('../src/play-data/play-data-api')).setPlayDataApi('http://api.test');
  const client = await import('../src/play-data/play-data-client');
  return { client, fetchMock };
}

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('the shared stats snapshot', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('the first component showing figures fetches them; every listener hears the answer', async () => {
    const { client, fetchMock } = await freshClient([snapshot([5, 6])]);
    const [card, row] = [jest.fn(), jest.fn()];
    client.subscribeGameStats(card);
    client.subscribeGameStats(row);
    await jest.advanceTimersByTimeAsync(0);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.getGameStatsView().stats?.trending).toEqual([5, 6]);
    expect(card).toHaveBeenCalled();
    expect(row).toHaveBeenCalled();
  });

  test('components leaving and coming back a moment later do not fetch a new ranking', async () => {
    const { client, fetchMock } = await freshClient([snapshot([5, 6]), snapshot([6, 5])]);
    const leave = client.subscribeGameStats(() => undefined);
    await jest.advanceTimersByTimeAsync(0);
    await settle();
    leave();
    client.subscribeGameStats(() => undefined);
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.getGameStatsView().stats?.trending).toEqual([5, 6]);
  });

  test('the figures are fetched again every half minute while shown, and after a longer absence', async () => {
    const { client, fetchMock } = await freshClient([snapshot([5]), snapshot([6]), snapshot([7])]);
    const leave = client.subscribeGameStats(() => undefined);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    leave();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    client.subscribeGameStats(() => undefined);
    await jest.advanceTimersByTimeAsync(0);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(client.getGameStatsView().stats?.trending).toEqual([7]);
  });
});

describe('the stats snapshot with no API named (a remote on its own, a test)', () => {
  test('says "no figures" at once and fetches nothing', async () => {
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
    // A fresh copy of the package: nobody has named the API.
    jest.resetModules();
    const client = await import('../src/play-data/play-data-client');
    client.subscribeGameStats(() => undefined);
    expect(client.getGameStatsView()).toEqual({ stats: null, failed: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sending a report', () => {
  // The device id lives in local storage, which Node has not: a map stands in for it.
  beforeAll(() => {
    const items = new Map<string, string>();
    const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    };
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  async function reportAnswered(status: number, body: unknown) {
    globalThis.fetch = jest.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
    jest.resetModules();
    (await import('../src/play-data/play-data-api')).setPlayDataApi('http://api.test');
    const { sendReport } = await import('../src/play-data/player-requests');
    return sendReport(5, 'stuck', 'it froze');
  }

  test("reads the API's daily bound (429 with its own words) apart from a failure", async () => {
    const { PLAY_DATA_TEXT } = await import('@portal/shared-contracts/play-data');
    expect(await reportAnswered(201, { detail: PLAY_DATA_TEXT.reportThanks })).toBe('sent');
    expect(await reportAnswered(409, { detail: PLAY_DATA_TEXT.reportAlready })).toBe('already');
    expect(await reportAnswered(429, { detail: PLAY_DATA_TEXT.reportsBounded })).toBe('bounded');
    // The per-minute limit's 429 is a failure to try again.
    expect(await reportAnswered(429, { detail: 'Too many attempts. Try again in 1 minute.' })).toBe('failed');
  });
});
