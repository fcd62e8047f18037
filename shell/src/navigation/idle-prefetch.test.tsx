import { renderHook, waitFor } from '@testing-library/react';
import { IDLE_PREFETCH_DONE_MARK, IDLE_PREFETCH_MARK, useIdlePrefetch, type LinkPrefetcher } from './idle-prefetch';

/** The marks' names, in order (jsdom's performance has no marks: set in their place). */
let marks: string[] = [];
const realMark = Object.getOwnPropertyDescriptor(performance, 'mark');
beforeEach(() => {
  marks = [];
  Object.defineProperty(performance, 'mark', {
    configurable: true,
    value: (name: string) => {
      marks.push(name);
    },
  });
});
afterEach(() => {
  if (realMark) Object.defineProperty(performance, 'mark', realMark);
  else delete (performance as Partial<Performance>).mark;
});

function prefetcher() {
  const prefetchVisible = jest.fn((_signal: AbortSignal) => Promise.resolve());
  const load = jest.fn(() => Promise.resolve<LinkPrefetcher>({ prefetchVisible }));
  return { prefetchVisible, load };
}

describe('useIdlePrefetch', () => {
  it('once the page is idle, loads the prefetcher and prefetches the visible links, between two marks', async () => {
    const { prefetchVisible, load } = prefetcher();
    renderHook(() => useIdlePrefetch('home', { load, welcome: () => true, quietMs: 0 }));
    await waitFor(() => expect(marks).toEqual([IDLE_PREFETCH_MARK, IDLE_PREFETCH_DONE_MARK]));
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetchVisible).toHaveBeenCalledTimes(1);
  });

  it('prefetches again for each new page', async () => {
    const { prefetchVisible, load } = prefetcher();
    const options = { load, welcome: () => true, quietMs: 0 };
    const { rerender } = renderHook(({ key }) => useIdlePrefetch(key, options), { initialProps: { key: 'home' } });
    await waitFor(() => expect(prefetchVisible).toHaveBeenCalledTimes(1));
    rerender({ key: 'all-games' });
    await waitFor(() => expect(prefetchVisible).toHaveBeenCalledTimes(2));
    // The first page's prefetch was told the player left it.
    expect(prefetchVisible.mock.calls[0]![0].aborted).toBe(true);
  });

  it('loads nothing, not even the prefetcher, on Save-Data or 2G', async () => {
    const { load } = prefetcher();
    const welcome = jest.fn(() => false);
    jest.useFakeTimers();
    try {
      renderHook(() => useIdlePrefetch('home', { load, welcome, quietMs: 0 }));
      // Every timer of the idle wait runs, with the promises after each settled.
      await jest.runAllTimersAsync();
    } finally {
      jest.useRealTimers();
    }
    // The page went idle and the connection was asked; after its "no", nothing.
    expect(welcome).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    expect(marks).toEqual([]);
  });

  it('does nothing for a page the player left before it went idle', async () => {
    jest.useFakeTimers();
    try {
      const left = prefetcher();
      const stayed = prefetcher();
      const { unmount } = renderHook(() => useIdlePrefetch('home', { load: left.load, welcome: () => true, quietMs: 30 }));
      unmount();
      renderHook(() => useIdlePrefetch('all-games', { load: stayed.load, welcome: () => true, quietMs: 30 }));
      // Every timer of both idle waits runs, with the promises after each settled: the page that
      // stayed reaches its prefetch, so the one that was left had every chance to.
      await jest.runAllTimersAsync();
      expect(stayed.load).toHaveBeenCalledTimes(1);
      expect(left.load).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
