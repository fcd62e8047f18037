import { activeNavItem, categoryPath, gamePath, searchPath } from '../src';

describe('route builders', () => {
  it('URL-encodes category names, game ids and search text', () => {
    expect(categoryPath('Match-3 Games')).toBe('/categories/Match-3%20Games');
    expect(categoryPath('A/B & C')).toBe('/categories/A%2FB%20%26%20C');
    expect(gamePath(42)).toBe('/game/42');
    expect(searchPath('moto x3m?')).toBe('/search?q=moto%20x3m%3F');
  });
});

describe('activeNavItem (product §2 highlighting)', () => {
  it.each([
    ['/', 'home'],
    ['/all-games', 'allGames'],
    ['/categories', 'categories'],
    ['/categories/Puzzle%20Games', 'categories'],
    ['/categories-anything', 'categories'],
    ['/game/5', undefined],
    ['/search', undefined],
    ['/profile', undefined],
  ])('%s -> %s', (path, expected) => {
    expect(activeNavItem(path)).toBe(expected);
  });
});
