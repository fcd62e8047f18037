import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RemoteModuleId } from '@portal/shared-contracts';
import { BrandContext } from '../branding/brand-context';
import { RemoteMountCollector } from '../federation/remote-boundary';
import { loadRemoteModule } from '../federation/remotes';
import { AppRoutes } from '../routes/app-routes';
import { TEST_BRAND } from '../testing/test-brand';
import { modulesForPath } from './page-modules';

jest.mock('../federation/remotes');

const PATHS: [string, RemoteModuleId[]][] = [
  ['/', ['mf_catalog/HomePage']],
  ['/all-games', ['mf_catalog/AllGamesPage']],
  ['/categories', ['mf_catalog/CategoriesRedirect', 'mf_catalog/CategoryPage']],
  ['/categories/Puzzle%20Games', ['mf_catalog/CategoryPage']],
  ['/search', ['mf_catalog/SearchPage']],
  ['/tags/racing', ['mf_catalog/TagPage']],
  ['/game/5', ['mf_player/PlayPage']],
  ['/game/5/', ['mf_player/PlayPage']],
  ['/profile', ['mf_account/ProfilePage']],
  ['/terms', []],
  ['/privacy', []],
  ['/game/5/more', []],
  ['/no-such-page', []],
];

describe('modulesForPath', () => {
  it.each(PATHS)('%s shows %j', (path, modules) => {
    expect(modulesForPath(path)).toEqual(modules);
  });

  it.each(PATHS)('names the module the routes table mounts at %s', async (path) => {
    jest.mocked(loadRemoteModule).mockReturnValue(new Promise(() => undefined));
    const mounted: RemoteModuleId[] = [];
    render(
      <BrandContext.Provider value={TEST_BRAND}>
        <RemoteMountCollector.Provider value={(id) => mounted.push(id)}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes accountConfig={{ accountApiUrl: 'http://api.test', recaptchaSiteKey: '' }} />
          </MemoryRouter>
        </RemoteMountCollector.Provider>
      </BrandContext.Provider>,
    );
    // The shell's own pages (Terms, Not found) are lazy: they settle inside act.
    await act(() => Promise.resolve());
    // The first module is the route's own (a redirect's target mounts only after it runs).
    expect(mounted.slice(0, 1)).toEqual(modulesForPath(path).slice(0, 1));
  });
});
