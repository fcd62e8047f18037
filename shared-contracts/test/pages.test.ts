import { GAMES, PAGE_NAMES, PAGES, PRIVACY_PATH, ROUTES, TERMS_PATH } from '../src';
import { matchPage, matchPattern } from '../src/routing/match-page';
import { PAGE_RULES, sitemapPaths } from '../src/seo';

describe('matchPattern', () => {
  it.each([
    ['/', '/', {}],
    ['/', '', {}],
    ['/all-games', '/all-games/', {}],
    ['/game/:gameId', '/game/5', { gameId: '5' }],
    ['/game/:gameId', '/game/5/', { gameId: '5' }],
    ['/categories/:categoryName', '/categories/Puzzle%20Games', { categoryName: 'Puzzle%20Games' }],
  ])('%s matches %s', (pattern, path, params) => {
    expect(matchPattern(pattern, path)).toEqual(params);
  });

  it.each([
    ['/', '/all-games'],
    ['/all-games', '/all-games/x'],
    ['/all-games', '/All-Games'],
    ['/game/:gameId', '/game'],
    ['/game/:gameId', '/game/'],
    ['/game/:gameId', '/game//5'],
    ['/game/:gameId', '/game/5/more'],
    ['/categories', '/categories-anything'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchPattern(pattern, path)).toBeNull();
  });
});

describe('the page list', () => {
  it('names each page once, at a path of its own', () => {
    const paths = PAGE_NAMES.map((name) => PAGES[name].path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("holds product §2's routes, Tags, Terms and Privacy, as the site's links spell them", () => {
    expect(ROUTES).toEqual({
      home: '/',
      allGames: '/all-games',
      categories: '/categories',
      category: '/categories/:categoryName',
      tag: '/tags/:tag',
      search: '/search',
      game: '/game/:gameId',
      profile: '/profile',
      terms: '/terms',
      privacy: '/privacy',
    });
    expect(TERMS_PATH).toBe('/terms');
    expect(PRIVACY_PATH).toBe('/privacy');
  });

  it.each([
    ['/', 'home', {}],
    ['/categories', 'categories', {}],
    ['/categories/Puzzle%20Games', 'category', { categoryName: 'Puzzle%20Games' }],
    ['/tags/racing', 'tag', { tag: 'racing' }],
    ['/game/5', 'game', { gameId: '5' }],
    ['/terms', 'terms', {}],
    ['/privacy/', 'privacy', {}],
  ])('%s is the %s page', (path, name, params) => {
    expect(matchPage(path)).toEqual({ name, page: PAGES[name as keyof typeof PAGES], params });
  });

  it.each(['/no-such-page', '/game/5/more', '/categories/a/b'])('%s is no page', (path) => {
    expect(matchPage(path)).toBeUndefined();
  });

  it('every published path is its own page, and the sitemap lists them all in the list order', () => {
    for (const name of PAGE_NAMES)
      for (const path of PAGE_RULES[name].published?.(GAMES) ?? []) expect(matchPage(path)?.name).toBe(name);
    const listed = sitemapPaths(GAMES);
    expect(listed.slice(0, 2)).toEqual(['/', '/all-games']);
    const kinds = listed.slice(2).map((path) => matchPage(path)?.name);
    // Categories, then tags, then games, as before the list.
    expect(kinds).toEqual(
      [...kinds].sort((a, b) => ['category', 'tag', 'game'].indexOf(a!) - ['category', 'tag', 'game'].indexOf(b!)),
    );
    expect(kinds.filter((kind) => kind === 'game')).toHaveLength(GAMES.length);
  });
});
