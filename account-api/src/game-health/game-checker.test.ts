import { GAMES } from '@portal/shared-contracts';
import { PLAY_DATA_PATHS, type GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { loadConfig, type Config } from '../config';
import { logLines } from '../testing/log-lines';
import { createOwnDatabase } from '../testing/own-database';
import { standInHost, type StandInHost } from '../testing/stand-in-game-hosts';
import { json, startTestServer, type TestServer } from '../testing/test-server';
import { GameChecker, type CheckedGame } from './game-checker';
import { DEV_GAME_CHECK_PATH } from './game-check-routes';
import { JobLease } from './job-lease';

const SITE_ORIGIN = 'https://games.example';

let server: TestServer;
let dropDatabase: (() => Promise<void>) | undefined;
const log = logLines();
const hosts: Record<'healthy' | 'missing' | 'framing' | 'csp' | 'silent', StandInHost> = {} as never;

beforeAll(async () => {
  hosts.healthy = await standInHost('healthy');
  hosts.missing = await standInHost('not-found');
  hosts.framing = await standInHost('refuses-framing');
  hosts.csp = await standInHost('csp-refuses');
  hosts.silent = await standInHost('never-answers');
  const own = await createOwnDatabase('game_checker');
  dropDatabase = own ? () => own.drop() : undefined;
  const base = loadConfig({});
  server = await startTestServer(
    {
      ...(own ? { databaseUrl: own.url } : {}),
      logLevel: 'info',
      gameChecks: {
        ...base.gameChecks,
        enabled: false,
        // The silent host costs each round this long; the stand-ins that answer must never come
        // near it, even on a loaded machine (at 300 ms one did, under a load of 20).
        timeoutMs: 1_500,
        siteOrigins: [SITE_ORIGIN],
        // Every catalogue link is fetched from the 404 host: a round where everything fails.
        rewrite: (link) => link.replace('https://html5.gamemonetize.com', hosts.missing.origin),
      },
    },
    { logger: true, logStream: log.stream },
  );
});
afterAll(async () => {
  await server.close();
  await dropDatabase?.();
  await Promise.all(Object.values(hosts).map((host) => host.close()));
});

/** Ten healthy games and one on each broken host: a round where most games pass. */
function standInGames(): CheckedGame[] {
  const [missing, framing, silent, csp, ...rest] = GAMES.slice(0, 14);
  if (!missing || !framing || !silent || !csp) throw new Error('the catalogue has fewer than 14 games');
  return [
    { id: missing.id, link: `${hosts.missing.origin}/${missing.id}/` },
    { id: framing.id, link: `${hosts.framing.origin}/${framing.id}/` },
    { id: silent.id, link: `${hosts.silent.origin}/${silent.id}/` },
    { id: csp.id, link: `${hosts.csp.origin}/${csp.id}/` },
    ...rest.map((game) => ({ id: game.id, link: `${hosts.healthy.origin}/${game.id}/` })),
  ];
}

function checkerFor(games: CheckedGame[], settings: Partial<Config['gameChecks']> = {}): GameChecker {
  return new GameChecker(
    server.context.database.db,
    server.context.gameHealth,
    games,
    { ...server.context.config.gameChecks, failuresToHide: 3, ...settings },
    server.app.log,
    server.context.now,
    () => server.context.playData.stats.invalidate(),
  );
}

const unavailableInStats = async () => {
  server.context.playData.stats.invalidate();
  const snapshot = json<GameStatsSnapshot>(await server.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats }));
  return snapshot.unavailable;
};

describe('the game link checker', () => {
  let games: CheckedGame[] = [];
  let [missing, framing, silent, csp] = [0, 0, 0, 0];
  beforeAll(() => {
    games = standInGames();
    [missing = 0, framing = 0, silent = 0, csp = 0] = games.map((game) => game.id);
  });

  it('hides a game only after 3 failed checks in a row, for a 404, a refused frame or no answer', async () => {
    const checker = checkerFor(games);
    const first = await checker.runRound();
    expect(first.counted).toBe(true);
    expect(Object.fromEntries(first.results.filter((r) => r.outcome !== 'ok').map((r) => [r.gameId, r.outcome]))).toEqual({
      [String(missing)]: 'http_error',
      [String(framing)]: 'refuses_framing',
      [String(silent)]: 'timeout',
      [String(csp)]: 'refuses_framing',
    });
    await checker.runRound();
    expect(await unavailableInStats()).toEqual([]);
    const third = await checker.runRound();
    expect(third.changes.hidden.sort()).toEqual([missing, framing, silent, csp].sort());
    expect(await unavailableInStats()).toEqual([missing, framing, silent, csp].sort((a, b) => a - b));
    const cspHealth = (await server.context.gameHealth.all()).find((entry) => entry.gameId === csp);
    expect(cspHealth?.lastDetail).toBe(`CSP frame-ancestors does not allow ${SITE_ORIGIN}`);

    const health = await server.context.gameHealth.all();
    expect(health.find((entry) => entry.gameId === framing)).toMatchObject({
      status: 'unavailable',
      failures: 3,
      lastOutcome: 'refuses_framing',
      lastDetail: 'X-Frame-Options: DENY',
    });
    const history = await server.context.gameHealth.history(missing, 10);
    expect(history.map((check) => [check.outcome, check.httpStatus, check.counted])).toEqual([
      ['http_error', 404, true],
      ['http_error', 404, true],
      ['http_error', 404, true],
    ]);
    expect(log.lines.some((line) => line.msg === 'game marked unavailable' && line.gameId === silent)).toBe(true);
  });

  it('leaves dead games out of Trending and Most played, and counts none of their new plays', async () => {
    const game = missing;
    // Plays it had before it died stay in its figures.
    const today = server.context.now().toISOString().slice(0, 10);
    await server.context.database.db.insertInto('game_play_days').values({ game_id: game, day: today, plays: 50 }).execute();
    const played = await server.app.inject({
      method: 'POST',
      url: PLAY_DATA_PATHS.plays,
      payload: { gameId: game, deviceId: 'deviceDeadGame000000001' },
    });
    expect(played.json()).toEqual({ counted: false });
    server.context.playData.stats.invalidate();
    const snapshot = json<GameStatsSnapshot>(await server.app.inject({ method: 'GET', url: PLAY_DATA_PATHS.stats }));
    expect(snapshot.games[String(game)]?.plays).toBe(50);
    expect(snapshot.trending).not.toContain(game);
    expect(snapshot.mostPlayed).not.toContain(game);
  });

  it('makes a game available again on its first passing check', async () => {
    hosts.missing.become('healthy');
    try {
      const round = await checkerFor(games).runRound();
      expect(round.changes.restored).toEqual([missing]);
      expect(await unavailableInStats()).toEqual([framing, silent, csp].sort((a, b) => a - b));
      const health = await server.context.gameHealth.all();
      expect(health.find((entry) => entry.gameId === missing)).toMatchObject({ status: 'available', failures: 0 });
    } finally {
      hosts.missing.become('not-found');
    }
  });

  it('hides nothing in a round where most games fail: it says so in its log and metrics', async () => {
    const before = await server.context.gameHealth.all();
    // The app's own checker over all 65 catalogue links, every one answering 404 (as a checker
    // with no route to the internet would see them): driven through the test hook.
    const response = await server.app.inject({ method: 'POST', url: DEV_GAME_CHECK_PATH });
    expect(response.statusCode).toBe(200);
    const round = json<{ checked: number; failed: number; counted: boolean; changes: { hidden: number[] } }>(response);
    expect(round).toMatchObject({ checked: GAMES.length, failed: GAMES.length, counted: false, changes: { hidden: [] } });
    // Three more such rounds: still nothing hidden, no failure counted.
    for (let i = 0; i < 3; i += 1) await server.gameChecker.runRound();
    const after = await server.context.gameHealth.all();
    for (const entry of after) {
      const previous = before.find((old) => old.gameId === entry.gameId);
      expect([entry.gameId, entry.status, entry.failures]).toEqual([
        entry.gameId,
        previous?.status ?? 'available',
        previous?.failures ?? 0,
      ]);
    }
    expect(log.lines.some((line) => String(line.msg).includes("checker's own network") && line.failed === GAMES.length)).toBe(
      true,
    );
    const metrics = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/game_check_rounds_total\{verdict="suspect"\} 4/);
    expect(metrics).toMatch(/game_check_last_round_failure_share 1/);
    expect(metrics).toMatch(/games_unavailable 3/);
  });

  it('lets one instance lead: a second one waits until the lease is let go', async () => {
    const quiet = { intervalMs: 60 * 60_000 };
    const first = checkerFor(games.slice(4), quiet);
    const second = checkerFor(games.slice(4), quiet);
    server.advance(2 * 60 * 60_000); // the app's last round is long past: a round is due
    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    expect([a, b].filter((round) => round !== null)).toHaveLength(1);
    // Due again only after the interval, whoever asks.
    expect(await first.tick()).toBeNull();
    await first.stop();
    await second.stop();
  });

  it('hands the lead over when its holder lets go or stops renewing it', async () => {
    const { db } = server.context.database;
    const a = new JobLease(db, 'lease-test', 'a', 60_000, server.context.now);
    const b = new JobLease(db, 'lease-test', 'b', 60_000, server.context.now);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true); // renewed
    server.advance(61_000); // a died without letting go: its lease runs out
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    await b.release();
    expect(await a.acquire()).toBe(true);
  });

  it('looks at a game at once when enough players report it', async () => {
    const checker = checkerFor(games.slice(4), { intervalMs: 24 * 60 * 60_000, reportThreshold: 3 });
    await checker.tick(); // leads; a round ran above, so none is due
    const reported = games[5]?.id ?? 0;
    const requestsBefore = hosts.healthy.requests();
    for (const device of ['deviceReporter0000000001', 'deviceReporter0000000002', 'deviceReporter0000000003']) {
      const answer = await server.app.inject({
        method: 'POST',
        url: PLAY_DATA_PATHS.reports,
        payload: { gameId: reported, deviceId: device, reason: 'does_not_load' },
      });
      expect(answer.statusCode).toBe(201);
    }
    expect((await server.context.gameHealth.all()).find((entry) => entry.gameId === reported)?.flaggedAt).not.toBeNull();
    const round = await checker.tick();
    expect(round?.checked).toBe(games.length - 4);
    expect(hosts.healthy.requests()).toBeGreaterThan(requestsBefore);
    expect((await server.context.gameHealth.all()).find((entry) => entry.gameId === reported)?.flaggedAt).toBeNull();
    await checker.stop();
  });
});

describe('settings', () => {
  it('runs the checker in production, and elsewhere only when GAME_CHECKS=1', () => {
    expect(loadConfig({}).gameChecks.enabled).toBe(false);
    expect(loadConfig({ GAME_CHECKS: '1' }).gameChecks.enabled).toBe(true);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example',
      REDIS_URL: 'redis://cache.example',
      CORS_ORIGINS: 'https://games.example,https://play.brand.example',
      SITE_URL: 'https://games.example',
    };
    const settings = loadConfig(production).gameChecks;
    expect(settings).toMatchObject({ enabled: true, intervalMs: 15 * 60_000, failuresToHide: 3 });
    expect(settings.siteOrigins).toEqual(['https://games.example', 'https://play.brand.example']);
    expect(loadConfig({ ...production, GAME_CHECKS: '0' }).gameChecks.enabled).toBe(false);
    expect(() => loadConfig({ ...production, GAME_CHECK_REWRITE: 'https://a.example=http://127.0.0.1:1' })).toThrow(/tests only/);
  });
});
