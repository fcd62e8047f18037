import { brotliDecompressSync } from 'node:zlib';
import { etagOf, PageCache, type CachedPage } from './page-cache';

const pageOf = (html: string): CachedPage => {
  const body = Buffer.from(html);
  return { body, headers: {}, etag: etagOf(body), renderMs: 1, status: 200, cacheable: true, keepAsFile: true };
};

describe('the page cache', () => {
  test('keeps one render per key: a second ask is a hit and renders nothing', async () => {
    const cache = new PageCache();
    const render = jest.fn(() => Promise.resolve(pageOf('<p>Home</p>')));
    await cache.page('a', render);
    await cache.page('a', render);
    expect(render).toHaveBeenCalledTimes(1);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  // Another game's plays move the figures' version in every page's key: the pages that do not show
  // them come out byte for byte the same and must not be compressed again (brotli 11: 36-61 ms each).
  test('a page drawn again under a new key with the same bytes keeps its compressed copy', async () => {
    const cache = new PageCache();
    const first = await cache.page('v1', () => Promise.resolve(pageOf('<p>All Games</p>')));
    const compressed = cache.encoded(first, 'br');
    const again = await cache.page('v2', () => Promise.resolve(pageOf('<p>All Games</p>')));
    expect(cache.encoded(again, 'br')).toBe(compressed);
    expect(brotliDecompressSync(await compressed).toString()).toBe('<p>All Games</p>');
    const changed = await cache.page('v3', () => Promise.resolve(pageOf('<p>All Games, sorted</p>')));
    expect(cache.encoded(changed, 'br')).not.toBe(compressed);
  });

  test('keeps at most its bound of pages and of compressed documents, dropping the least recently used', async () => {
    const cache = new PageCache(2);
    const render = (html: string) => jest.fn(() => Promise.resolve(pageOf(html)));
    const a = render('a');
    const pageA = await cache.page('a', a);
    const compressedA = cache.encoded(pageA, 'gzip');
    await cache.page('b', render('b'));
    await cache.page('a', a);
    const pageC = await cache.page('c', render('c'));
    await cache.encoded(pageC, 'gzip');
    await cache.encoded(await cache.page('b', render('b')), 'gzip');
    expect(cache.size).toBe(2);
    expect(a).toHaveBeenCalledTimes(1);
    // 'a' was used least recently of the compressed documents: compressed anew when asked again.
    expect(cache.encoded(pageA, 'gzip')).not.toBe(compressedA);
  });
});
