import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { COMPRESSION, etagOf, PageCache, type CachedPage } from './page-cache';

const pageOf = (html: string): CachedPage => {
  const body = Buffer.from(html);
  return { body, status: 200, headers: {}, etag: etagOf(body), renderMs: 1, cacheable: true, whole: true };
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
  // them come out byte for byte the same and must not be compressed again.
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

describe('compression on the request path', () => {
  // A page of the size the site's are (tens of KB of similar markup), so the settings differ.
  const html = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `<li class="card"><a href="/game/${i}">Game ${i * 7919}</a></li>`).join(''),
  );
  const page: CachedPage = {
    body: html,
    headers: {},
    etag: etagOf(html),
    renderMs: 1,
    status: 200,
    cacheable: true,
    whole: true,
  };
  const br = (quality: number) =>
    brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } });

  test('a request gets brotli 5 / gzip 6, never brotli 11 compressed for it', async () => {
    const cache = new PageCache();
    expect((await cache.encoded(page, 'br')).equals(br(COMPRESSION.brotliQuality))).toBe(true);
    expect((await cache.encoded(page, 'br')).equals(br(11))).toBe(false);
    expect((await cache.encoded(page, 'gzip')).equals(gzipSync(html, { level: 6 }))).toBe(true);
    expect(COMPRESSION.brotliQuality).toBeLessThanOrEqual(5);
  });
});
