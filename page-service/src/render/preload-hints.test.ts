// The server's preload hints: which files a page's HTML asks for early, and at what priority.
import { RemoteFiles } from '../sources/remote-files';
import { jsonServer } from '../testing/json-server';
import { preloadHints, sharedChunkHints } from './preload-hints';

/** A catalogue manifest as the build emits it, with one exposed page. */
const MANIFEST = {
  metaData: { name: 'mf_catalog', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'HomePage', assets: { css: { sync: ['home.css'] }, js: { sync: ['96.js', 'home.js'] } } }],
};

describe('preload hints', () => {
  let remote: Awaited<ReturnType<typeof jsonServer>>;
  let manifestUrl: string;
  const files = new RemoteFiles();
  beforeAll(async () => {
    remote = await jsonServer({ '/mf-manifest.json': MANIFEST });
    manifestUrl = `${remote.base}/mf-manifest.json`;
  });
  afterAll(async () => {
    files.close();
    await remote.close();
  });

  test("a page's remote: its manifest, entry, and the exposed module's stylesheet and scripts", async () => {
    const tags = await preloadHints(files, ['mf_catalog/HomePage'], { mf_catalog: manifestUrl });
    const base = manifestUrl.replace('mf-manifest.json', '');
    const hrefs = [...tags.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual([manifestUrl, `${base}remoteEntry.js`, `${base}home.css`, `${base}96.js`, `${base}home.js`]);
  });

  // Nothing the first paint needs is hinted: the HTML carries the page's frame and its styles.
  // At their default priority (High for scripts, VeryHigh for styles) the hinted files would
  // compete with the page's own first paint and count as render-blocking to Lighthouse's
  // simulation (first contentful paint 1.7-2.0 s instead of 0.7 s; decision 0031).
  test('every hinted file loads at low priority, below what the first paint needs', async () => {
    const pageTags =
      (await preloadHints(files, ['mf_catalog/HomePage'], { mf_catalog: manifestUrl })).match(/<link [^>]*>/g) ?? [];
    const shellTags =
      sharedChunkHints({ shared: [{ name: 'react', assets: { js: { sync: ['vendors.js'] } } }] }).match(/<link [^>]*>/g) ?? [];
    for (const tag of [...pageTags, ...shellTags]) expect(tag).toMatch(/fetchpriority="low"/);
    expect(pageTags.length + shellTags.length).toBe(6);
  });

  test('a remote that is down keeps only its manifest hint; the page is not held up', async () => {
    const tags = await preloadHints(files, ['mf_player/PlayPage'], { mf_player: 'http://127.0.0.1:9/mf-manifest.json' });
    expect(tags.match(/<link /g)).toHaveLength(1);
  });
});
