import type { RemoteModule, RemoteModuleId } from 'shared-contracts';
import { prefetchModule, resetPrefetchForTests, warmModule } from './prefetch';

const pageModule = { default: () => null } as unknown as RemoteModule<RemoteModuleId>;

afterEach(resetPrefetchForTests);

describe('prefetchModule', () => {
  it('loads a module once, then holds it warm for the page that shows it', async () => {
    const load = jest.fn(() => Promise.resolve(pageModule));
    expect(warmModule('mf_catalog/AllGamesPage')).toBeUndefined();
    await Promise.all([prefetchModule('mf_catalog/AllGamesPage', load), prefetchModule('mf_catalog/AllGamesPage', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(warmModule('mf_catalog/AllGamesPage')).toBe(pageModule);
  });

  it('leaves a module whose prefetch failed to the page, which loads it itself', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    await prefetchModule('mf_player/PlayPage', load);
    await prefetchModule('mf_player/PlayPage', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(warmModule('mf_player/PlayPage')).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
