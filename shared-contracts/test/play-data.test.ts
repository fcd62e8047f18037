import { GAMES } from '../src/catalogue/games';
import {
  deviceIdFrom,
  likeShare,
  parseGameSort,
  asStatsSnapshot,
  playsLabel,
  sortGames,
  type GameStatsSnapshot,
} from '../src/play-data';
import { gameDetailsOf } from '../src/catalogue/game-details';
import { gamePageStructuredData, gameSummary } from '../src/seo';

const snapshot = (games: GameStatsSnapshot['games']): GameStatsSnapshot => ({
  generatedAt: '2026-11-24T08:00:00.000Z',
  games,
  trending: [],
  trendingWindow: '24h',
  mostPlayed: [],
});

describe('play counts as players read them', () => {
  it.each([
    [0, ''],
    [1, '1 play'],
    [3, '3 plays'],
    [999, '999 plays'],
    [1234, '1.2K plays'],
    [2_500_000, '2.5M plays'],
  ])('%d → %j', (plays, label) => {
    expect(playsLabel(plays)).toBe(label);
  });

  it('shows the like share from 5 votes', () => {
    expect(likeShare({ likes: 4, dislikes: 0 })).toBeNull();
    expect(likeShare({ likes: 4, dislikes: 1 })).toBe(80);
    expect(likeShare({ likes: 46, dislikes: 4 })).toBe(92);
  });
});

describe('sortGames', () => {
  const games = [{ id: 1 }, { id: 2 }, { id: 3 }];
  const stats = snapshot({
    '1': { plays: 5, likes: 1, dislikes: 0 },
    '2': { plays: 50, likes: 40, dislikes: 20 },
    '3': { plays: 10, likes: 30, dislikes: 1 },
  });
  it('keeps name order by default and without figures', () => {
    expect(sortGames(games, 'name', stats)).toEqual(games);
    expect(sortGames(games, 'most-played', null)).toEqual(games);
  });
  it('most played first; top rated by the confidence in the share, not one lucky vote', () => {
    expect(sortGames(games, 'most-played', stats).map((game) => game.id)).toEqual([2, 3, 1]);
    expect(sortGames(games, 'top-rated', stats).map((game) => game.id)).toEqual([3, 2, 1]);
  });
  it('newest by the day added (needing no figures), later ids first on the same day; trending by its ranking, then plays', () => {
    const dated = [{ id: 1, added: '2026-11-21' }, { id: 2, added: '2026-11-28' }, { id: 3, added: '2026-11-21' }, { id: 4 }];
    expect(sortGames(dated, 'new', null).map((game) => game.id)).toEqual([2, 3, 1, 4]);
    expect(sortGames(games, 'trending', { ...stats, trending: [3, 1] }).map((game) => game.id)).toEqual([3, 1, 2]);
    expect(sortGames(games, 'trending', null)).toEqual(games);
  });
  it('reads ?sort= with name as the default', () => {
    expect(parseGameSort('most-played')).toBe('most-played');
    expect(parseGameSort('new')).toBe('new');
    expect(parseGameSort('trending')).toBe('trending');
    expect(parseGameSort('bogus')).toBe('name');
    expect(parseGameSort(null)).toBe('name');
  });
});

describe('deviceIdFrom', () => {
  const memory = (): Storage => {
    const items = new Map<string, string>();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
      clear: () => items.clear(),
      key: () => null,
      get length() {
        return items.size;
      },
    };
  };
  it('makes one random id and keeps it', () => {
    const storage = memory();
    const first = deviceIdFrom(storage, () => '0d4f0e2c-8a3b-4c55-9d7e-0123456789ab');
    expect(first).toBe('0d4f0e2c8a3b4c559d7e0123456789ab');
    expect(deviceIdFrom(storage, () => 'another-one-entirely-000000')).toBe(first);
  });
  it('is null when storage refuses', () => {
    const refusing = memory();
    refusing.setItem = () => {
      throw new Error('quota');
    };
    expect(deviceIdFrom(refusing)).toBeNull();
    expect(deviceIdFrom(undefined)).toBeNull();
  });
});

describe('asStatsSnapshot', () => {
  it('takes a snapshot and refuses what is not one', () => {
    const good = snapshot({ '5': { plays: 3, likes: 0, dislikes: 0 } });
    expect(asStatsSnapshot(good)).toEqual(good);
    expect(asStatsSnapshot({ ...good, trending: 'x' })).toBeNull();
    expect(asStatsSnapshot({ ...good, games: null })).toBeNull();
    expect(asStatsSnapshot(null)).toBeNull();
  });
});

describe("the play page's description and JSON-LD", () => {
  const game = GAMES.find((entry) => entry.id === 5)!;
  it('sums a game up from its name, category and tags, without the feed noise (for a game without a feed description)', () => {
    const what = gameSummary(game, 'PlayVerse');
    expect(what).toContain(`${game.name} is a free bike racing game on PlayVerse`);
    expect(what).toContain('bmx');
    expect(what).not.toMatch(/2d/i);
  });
  it("carries the feed's description when given it", () => {
    const site = { siteName: 'PlayVerse', origin: 'https://playverse.games' };
    const description = gameDetailsOf(game.id)!.description;
    const [videoGame] = gamePageStructuredData(game, site, null, description).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    expect(videoGame?.description).toBe(description);
    expect(description).toMatch(/^Hobo Speedster is an exciting motorcycle/);
  });
  it('is a VideoGame with breadcrumbs; the rating only from 5 votes', () => {
    const site = { siteName: 'PlayVerse', origin: 'https://playverse.games' };
    const [videoGame, breadcrumbs] = gamePageStructuredData(game, site, { plays: 10, likes: 4, dislikes: 0 }).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    expect(videoGame).toMatchObject({ '@type': 'VideoGame', name: game.name, url: 'https://playverse.games/game/5' });
    expect(videoGame).not.toHaveProperty('aggregateRating');
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const [rated] = gamePageStructuredData(game, site, { plays: 10, likes: 4, dislikes: 1 }).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    expect(rated?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.2,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 5,
    });
    const [unknownStats] = gamePageStructuredData(game, site, null).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(unknownStats).not.toHaveProperty('aggregateRating');
  });
});
