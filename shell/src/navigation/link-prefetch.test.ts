import type { RemoteModuleId } from 'shared-contracts';
import { IDLE_PREFETCH_DONE_MARK, IDLE_PREFETCH_MARK, startLinkPrefetch } from './link-prefetch';

function setUp(html: string, welcome = true) {
  document.body.innerHTML = html;
  const prefetched: RemoteModuleId[] = [];
  const prefetcher = startLinkPrefetch({
    prefetch: (id) => {
      prefetched.push(id);
      return Promise.resolve();
    },
    welcome: () => welcome,
    quietMs: 10,
  });
  return { prefetched, prefetcher };
}

const hover = (element: Element) => element.dispatchEvent(new Event('pointerover', { bubbles: true }));

/** jsdom's performance has no marks: record their names. */
let marks: string[] = [];
beforeEach(() => {
  marks = [];
  performance.mark = ((name: string) => {
    marks.push(name);
  }) as unknown as typeof performance.mark;
});

describe('startLinkPrefetch', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  it('prefetches the page a hovered, touched or focused link of this site leads to', () => {
    const { prefetched, prefetcher } = setUp(
      '<a href="/all-games"><span>All Games</span></a><a href="/game/5">Game</a><a href="/categories">Categories</a>',
    );
    stop = () => prefetcher.stop();
    hover(document.querySelector('span')!);
    document.querySelector('a[href="/game/5"]')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    (document.querySelector('a[href="/categories"]') as HTMLAnchorElement).focus();
    expect(prefetched).toEqual([
      'mf_catalog/AllGamesPage',
      'mf_player/PlayPage',
      'mf_catalog/CategoriesRedirect',
      'mf_catalog/CategoryPage',
    ]);
  });

  it('prefetches the search page when the search box gets focus', () => {
    const { prefetched, prefetcher } = setUp('<form role="search"><input aria-label="Search" /></form>');
    stop = () => prefetcher.stop();
    document.querySelector('input')!.focus();
    expect(prefetched).toEqual(['mf_catalog/SearchPage']);
  });

  it('ignores links to other sites, new tabs, downloads and the shell’s own pages', () => {
    const { prefetched, prefetcher } = setUp(
      '<a href="https://example.com/game/5">a</a><a href="/game/5" target="_blank">b</a><a href="/game/5" download>c</a><a href="/terms">d</a>',
    );
    stop = () => prefetcher.stop();
    for (const link of document.querySelectorAll('a')) hover(link);
    expect(prefetched).toEqual([]);
  });

  it('prefetches nothing on Save-Data or 2G', () => {
    const { prefetched, prefetcher } = setUp('<a href="/all-games">All Games</a>', false);
    stop = () => prefetcher.stop();
    hover(document.querySelector('a')!);
    prefetcher.idleScan();
    expect(prefetched).toEqual([]);
  });

  it('once the page is quiet, prefetches what the links drawn in the viewport lead to, and marks it', async () => {
    const { prefetched, prefetcher } = setUp('<a href="/all-games">shown</a><a href="/search">below the fold</a>');
    stop = () => prefetcher.stop();
    // jsdom lays nothing out: give the links boxes, one inside the viewport and one below it.
    const [shown, below] = document.querySelectorAll('a');
    shown!.getBoundingClientRect = () => new DOMRect(0, 0, 100, 20);
    below!.getBoundingClientRect = () => new DOMRect(0, window.innerHeight + 200, 100, 20);
    prefetcher.idleScan();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(prefetched).toEqual(['mf_catalog/AllGamesPage']);
    expect(marks).toEqual([IDLE_PREFETCH_MARK, IDLE_PREFETCH_DONE_MARK]);
  });
});
