// The server's preload hints: which files a page's HTML asks for early, and at what priority.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { preloadHints, sharedChunkHints } from './preload-hints.mjs';

/** A catalogue manifest as the build emits it, with one exposed page. */
const MANIFEST = {
  metaData: { name: 'mf_catalog', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'HomePage', assets: { css: { sync: ['home.css'] }, js: { sync: ['96.js', 'home.js'] } } }],
};

describe('preload hints', () => {
  let server;
  let manifestUrl;
  before(async () => {
    server = createServer((req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(MANIFEST)));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    manifestUrl = `http://127.0.0.1:${server.address().port}/mf-manifest.json`;
  });
  after(() => server.close());

  test("a page's remote: its manifest, entry, and the exposed module's stylesheet and scripts", async () => {
    const tags = await preloadHints(['mf_catalog/HomePage'], { mf_catalog: manifestUrl });
    const base = manifestUrl.replace('mf-manifest.json', '');
    const hrefs = [...tags.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    assert.deepEqual(hrefs, [manifestUrl, `${base}remoteEntry.js`, `${base}home.css`, `${base}96.js`, `${base}home.js`]);
  });

  // Nothing the first paint needs is hinted: the HTML carries the page's frame and its styles.
  // At their default priority (High for scripts, VeryHigh for styles) the hinted files would
  // compete with the page's own first paint and count as render-blocking to Lighthouse's
  // simulation (first contentful paint 1.7-2.0 s instead of 0.7 s; decision 0031).
  test('every hinted file loads at low priority, below what the first paint needs', async () => {
    const pageTags = (await preloadHints(['mf_catalog/HomePage'], { mf_catalog: manifestUrl })).match(/<link [^>]*>/g);
    const shellTags = sharedChunkHints({ shared: [{ name: 'react', assets: { js: { sync: ['vendors.js'] } } }] }).match(
      /<link [^>]*>/g,
    );
    for (const tag of [...pageTags, ...shellTags]) assert.match(tag, /fetchpriority="low"/, tag);
    assert.equal(pageTags.length + shellTags.length, 6);
  });
});
