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
    const hrefs = tags.map((tag) => tag.href);
    expect(tags[0]).toEqual({ href: manifestUrl, as: 'fetch', crossOrigin: 'anonymous' });
    expect(hrefs).toEqual([manifestUrl, `${base}remoteEntry.js`, `${base}home.css`, `${base}96.js`, `${base}home.js`]);
  });

  // The document draws every hint at low priority (shell/src/prerender/render-document.test.tsx).
  test("the shell's start-up shared chunks, not the ones it loads on demand", () => {
    const shellTags = sharedChunkHints({
      shared: [
        { name: 'react', assets: { js: { sync: ['vendors.js'] } } },
        { name: 'react-toastify', assets: { js: { sync: ['toastify.js'] } } },
      ],
    });
    expect(shellTags).toEqual([{ href: '/vendors.js', as: 'script' }]);
  });

  test('a remote that is down keeps only its manifest hint; the page is not held up', async () => {
    const tags = await preloadHints(files, ['mf_player/PlayPage'], { mf_player: 'http://127.0.0.1:9/mf-manifest.json' });
    expect(tags).toHaveLength(1);
  });
});
