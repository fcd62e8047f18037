import { modulesForPath } from './page-modules';

describe('modulesForPath', () => {
  it.each([
    ['/', ['mf_catalog/HomePage']],
    ['/all-games', ['mf_catalog/AllGamesPage']],
    ['/categories', ['mf_catalog/CategoriesRedirect', 'mf_catalog/CategoryPage']],
    ['/categories/Puzzle%20Games', ['mf_catalog/CategoryPage']],
    ['/search', ['mf_catalog/SearchPage']],
    ['/game/5', ['mf_player/PlayPage']],
    ['/profile', ['mf_account/ProfilePage']],
    ['/terms', []],
    ['/no-such-page', []],
  ])('%s shows %j', (path, modules) => {
    expect(modulesForPath(path)).toEqual(modules);
  });
});
