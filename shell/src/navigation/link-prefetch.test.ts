import type { RemoteModuleId } from '@portal/shared-contracts';
import { startLinkPrefetch } from './link-prefetch';

jest.mock('../federation/remotes');

function setUp(html: string, welcome = true) {
  document.body.innerHTML = html;
  const prefetched: RemoteModuleId[] = [];
  const warmUp = jest.fn(() => Promise.resolve());
  const prefetcher = startLinkPrefetch({
    prefetch: (id) => {
      prefetched.push(id);
      return Promise.resolve();
    },
    welcome: () => welcome,
    warmUps: [warmUp],
  });
  stop = prefetcher.stop;
  return { prefetched, prefetcher, warmUp };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

const hover = (element: Element) => element.dispatchEvent(new Event('pointerover', { bubbles: true }));
/** jsdom lays nothing out: a box at `top`, 100 × 20 px. */
const placeAt = (element: Element, top: number) => {
  element.getBoundingClientRect = () => new DOMRect(0, top, 100, 20);
};

describe('startLinkPrefetch', () => {
  it('prefetches the page a hovered, touched or focused link of this site leads to', () => {
    const { prefetched } = setUp(
      '<a href="/all-games"><span>All Games</span></a><a href="/game/5">Game</a><a href="/categories">Categories</a>',
    );
    hover(document.querySelector('span')!);
    document.querySelector('a[href="/game/5"]')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    document.querySelector<HTMLAnchorElement>('a[href="/categories"]')!.focus();
    expect(prefetched).toEqual([
      'mf_catalog/AllGamesPage',
      'mf_player/PlayPage',
      'mf_catalog/CategoriesRedirect',
      'mf_catalog/CategoryPage',
    ]);
  });

  it('prefetches the search page when the search box gets focus', () => {
    const { prefetched } = setUp('<form role="search"><input aria-label="Search" /></form>');
    document.querySelector('input')!.focus();
    expect(prefetched).toEqual(['mf_catalog/SearchPage']);
  });

  it('ignores links to other sites, new tabs, downloads and the shell’s own pages', () => {
    const { prefetched } = setUp(
      '<a href="https://example.com/game/5">a</a><a href="/game/5" target="_blank">b</a><a href="/game/5" download>c</a><a href="/terms">d</a>',
    );
    for (const link of document.querySelectorAll('a')) hover(link);
    expect(prefetched).toEqual([]);
  });

  it('prefetches what the links drawn in the viewport lead to, and the title lookup', async () => {
    const { prefetched, prefetcher, warmUp } = setUp(
      '<a href="/all-games">shown</a><a href="/game/5">shown too</a><a href="/game/7">same page</a><a href="/search">below the fold</a><a href="/tags/racing">hidden</a>',
    );
    const [allGames, game5, game7, search, hidden] = document.querySelectorAll('a');
    placeAt(allGames!, 0);
    placeAt(game5!, 300);
    placeAt(game7!, 340);
    placeAt(search!, window.innerHeight + 200);
    hidden!.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    await prefetcher.prefetchVisible(new AbortController().signal);
    expect(prefetched).toEqual(['mf_catalog/AllGamesPage', 'mf_player/PlayPage']);
    expect(warmUp).toHaveBeenCalledTimes(1);
  });

  it('prefetches nothing on Save-Data or 2G', async () => {
    const { prefetched, prefetcher, warmUp } = setUp('<a href="/all-games">All Games</a>', false);
    placeAt(document.querySelector('a')!, 0);
    hover(document.querySelector('a')!);
    await prefetcher.prefetchVisible(new AbortController().signal);
    expect(prefetched).toEqual([]);
    expect(warmUp).not.toHaveBeenCalled();
  });

  it('stops answering intent once stopped', () => {
    const { prefetched, prefetcher } = setUp('<a href="/all-games">All Games</a>');
    prefetcher.stop();
    hover(document.querySelector('a')!);
    expect(prefetched).toEqual([]);
  });
});
