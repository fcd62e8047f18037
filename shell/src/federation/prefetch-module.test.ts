import { prefetchModule, resetPrefetchForTests } from './prefetch-module';

jest.mock('./remotes');

afterEach(resetPrefetchForTests);

describe('prefetchModule', () => {
  it('loads a module once, however often it is asked for', async () => {
    const load = jest.fn(() => Promise.resolve({ default: () => null }));
    await Promise.all([prefetchModule('mf_catalog/AllGamesPage', load), prefetchModule('mf_catalog/AllGamesPage', load)]);
    await prefetchModule('mf_player/PlayPage', load);
    expect(load.mock.calls).toEqual([['mf_catalog/AllGamesPage'], ['mf_player/PlayPage']]);
  });

  it('leaves a module whose prefetch failed to the page, which loads it itself', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    await expect(prefetchModule('mf_player/PlayPage', load)).resolves.toBeUndefined();
    await prefetchModule('mf_player/PlayPage', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('[navigation] could not prefetch mf_player/PlayPage', expect.any(Error));
    warn.mockRestore();
  });
});
