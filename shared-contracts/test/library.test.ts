import {
  GAMES,
  LIBRARY_LIMITS,
  findGameById,
  isFavourite,
  mergeLibraries,
  parseLibraryList,
  searchGames,
  withFavourite,
  withPlayed,
  type PlayerLibrary,
} from '../src';
import { pageMetaFor, robotsTxt, sitemapPaths, sitemapXml } from '../src/seo';
import { moreLikeQuery, moreLikeThis, searchByTag, suggestGames, suggestMatches } from '../src/library/related';

const t = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute));
const empty: PlayerLibrary = { favourites: [], recentlyPlayed: [] };

describe('player library rules', () => {
  test('a favourite goes to the front and comes off again', () => {
    let lib = withFavourite(empty, 5, true, t(1));
    lib = withFavourite(lib, 6, true, t(2));
    expect(lib.favourites.map((e) => e.gameId)).toEqual([6, 5]);
    expect(isFavourite(lib, 5)).toBe(true);
    lib = withFavourite(lib, 5, false, t(3));
    expect(isFavourite(lib, 5)).toBe(false);
  });

  test('recently played keeps one entry per game, newest first, at most the limit', () => {
    let lib = empty;
    for (let i = 0; i < 20; i += 1) lib = withPlayed(lib, GAMES[i]!.id, t(i));
    lib = withPlayed(lib, GAMES[15]!.id, t(30));
    expect(lib.recentlyPlayed).toHaveLength(LIBRARY_LIMITS.recentlyPlayed);
    expect(lib.recentlyPlayed[0]).toEqual({ gameId: GAMES[15]!.id, at: t(30).toISOString() });
    expect(new Set(lib.recentlyPlayed.map((e) => e.gameId)).size).toBe(LIBRARY_LIMITS.recentlyPlayed);
  });

  test('merge is a union with the newest time per game, the same both ways round', () => {
    const a: PlayerLibrary = {
      favourites: [{ gameId: 5, at: t(1).toISOString() }],
      recentlyPlayed: [{ gameId: 6, at: t(5).toISOString() }],
    };
    const b: PlayerLibrary = {
      favourites: [{ gameId: 7, at: t(2).toISOString() }],
      recentlyPlayed: [{ gameId: 6, at: t(9).toISOString() }],
    };
    const merged = mergeLibraries(a, b);
    expect(merged).toEqual(mergeLibraries(b, a));
    expect(merged.favourites.map((e) => e.gameId)).toEqual([7, 5]);
    expect(merged.recentlyPlayed).toEqual([{ gameId: 6, at: t(9).toISOString() }]);
  });

  test('untrusted stored lists lose bad entries and unknown games', () => {
    const known = new Set([5, 6]);
    const raw = [
      { gameId: 5, at: t(1).toISOString() },
      { gameId: '6', at: t(2).toISOString() },
      { gameId: 6, at: 'yesterday' },
      { gameId: 999, at: t(3).toISOString() },
      null,
    ];
    expect(parseLibraryList(raw, 'favourites', known)).toEqual([{ gameId: 5, at: t(1).toISOString() }]);
    expect(parseLibraryList('nope', 'favourites')).toEqual([]);
  });
});

describe('related games and suggestions', () => {
  const hobo = findGameById(GAMES, 5)!;

  test('more like this excludes the game itself and starts with its category', () => {
    const related = moreLikeThis(GAMES, hobo);
    expect(related.length).toBeGreaterThan(0);
    expect(related.some((g) => g.id === hobo.id)).toBe(false);
    expect(related[0]!.category).toBe(hobo.category);
  });

  test('a query without name matches still gets games by tag, or a varied pick', () => {
    expect(searchGames(GAMES, 'motorcycle')).toEqual([]);
    expect(moreLikeQuery(GAMES, 'motorcycle').some((g) => g.tags.includes('Motorcycle'))).toBe(true);
    const picks = moreLikeQuery(GAMES, 'zzzzqqq');
    expect(new Set(picks.map((g) => g.category)).size).toBeGreaterThan(3);
  });

  test('suggestions are product §5 search matches, names starting with the text first, at most 6', () => {
    const all = searchGames(GAMES, 'r');
    const suggested = suggestGames(GAMES, 'r');
    expect(suggested).toHaveLength(6);
    expect(suggested.every((g) => all.includes(g))).toBe(true);
    expect(suggested[0]!.name.toLowerCase().startsWith('r')).toBe(true);
    expect(suggestGames(GAMES, '   ')).toEqual([]);
  });

  test('suggestions also match tags, after every name match', () => {
    const puzzles = suggestGames(GAMES, 'puzzle');
    expect(puzzles.length).toBeGreaterThan(0);
    expect(
      puzzles.every((g) => g.name.toLowerCase().includes('puzzle') || g.tags.some((t) => t.toLowerCase().startsWith('puzzle'))),
    ).toBe(true);
    const names = suggestGames(GAMES, 'car');
    const firstByTag = names.findIndex((g) => !g.name.toLowerCase().includes('car'));
    if (firstByTag !== -1) expect(names.slice(firstByTag).every((g) => !g.name.toLowerCase().includes('car'))).toBe(true);
  });
});

describe('search by name, then by tag (suggestions and the search page agree)', () => {
  test('searchByTag: games whose name lacks the text but a tag starts with it, by name, with that tag', () => {
    const bmx = searchByTag(GAMES, 'bmx');
    expect(bmx.map(({ game, tag }) => [game.name, tag])).toEqual([['Hobo Speedster', 'BMX']]);
    for (const { game } of searchByTag(GAMES, 'car')) expect(game.name.toLowerCase()).not.toContain('car');
    expect(searchByTag(GAMES, '  ')).toEqual([]);
  });

  test('every suggestion is on the search page, named why: the name section, else the tag section', () => {
    for (const text of ['puzzle', 'bmx', 'car', 'r', 'match']) {
      const names = new Set(searchGames(GAMES, text));
      const tags = new Map(searchByTag(GAMES, text).map(({ game, tag }) => [game, tag]));
      for (const match of suggestMatches(GAMES, text)) {
        if (match.by === 'name') expect(names.has(match.game)).toBe(true);
        else expect([match.game.name, tags.get(match.game)]).toEqual([match.game.name, match.tag]);
      }
    }
  });
});

describe('page meta and sitemap', () => {
  const site = { siteName: 'Playverse', homeTitle: 'Playverse – Free Online Games' };

  test('each route has its own title', () => {
    const titles = [
      pageMetaFor('/', '', GAMES, site).title,
      pageMetaFor('/all-games', '', GAMES, site).title,
      pageMetaFor('/categories/Bike%20Racing', '', GAMES, site).title,
      pageMetaFor('/search', '?q=moto', GAMES, site).title,
      pageMetaFor('/game/5', '', GAMES, site).title,
      pageMetaFor('/nowhere', '', GAMES, site).title,
      pageMetaFor('/tags/racing', '', GAMES, site).title,
    ];
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles[2]).toBe('Bike Racing | Playverse');
    expect(titles[4]).toBe('Hobo Speedster – Bike Racing | Playverse');
    expect(titles[6]).toBe('Racing games | Playverse');
    expect(pageMetaFor('/game/5', '', GAMES, site).description).toContain('Hobo Speedster');
    expect(pageMetaFor('/search', '?q=moto', GAMES, site).noindex).toBe(true);
  });

  test('a path, category, tag or game the site does not have answers 404; every page it has, 200', () => {
    const statusOf = (path: string, search = '') => pageMetaFor(path, search, GAMES, site).status;
    for (const path of ['/nowhere', '/categories/Nope', '/categories/Match-3%20Games', '/tags/nope', '/game/9999', '/game/abc'])
      expect([path, statusOf(path)]).toEqual([path, 404]);
    for (const path of [
      '/',
      '/all-games',
      '/categories',
      '/categories/Bike%20Racing',
      '/tags/racing',
      '/game/5',
      '/terms',
      '/privacy',
      '/profile',
    ])
      expect([path, statusOf(path)]).toEqual([path, 200]);
    expect(statusOf('/search', '?q=nothing-matches-this')).toBe(200);
    expect(pageMetaFor('/categories/Nope', '', GAMES, site).title).toBe('Page not found | Playverse');
    expect(pageMetaFor('/categories', '', GAMES, site).title).toBe('Categories | Playverse');
  });

  test('bad paths never throw', () => {
    expect(pageMetaFor('/categories/%E0%A4%A', '', GAMES, site).noindex).toBe(true);
    expect(pageMetaFor('/game/abc', '', GAMES, site).title).toBe('Page not found | Playverse');
    expect(pageMetaFor('/search', `?q=${'x'.repeat(300)}`, GAMES, site).title.length).toBeLessThan(100);
  });

  test('the sitemap lists every game and category once; robots names it', () => {
    const xml = sitemapXml('https://games.example/', GAMES);
    for (const game of GAMES) expect(xml).toContain(`<loc>https://games.example/game/${game.id}</loc>`);
    expect(xml).toContain('<loc>https://games.example/categories/Bike%20Racing</loc>');
    expect(xml).toContain('<loc>https://games.example/tags/racing</loc>');
    expect(new Set(sitemapPaths(GAMES)).size).toBe(sitemapPaths(GAMES).length);
    expect(robotsTxt('https://games.example')).toContain('Sitemap: https://games.example/sitemap.xml');
  });
});
