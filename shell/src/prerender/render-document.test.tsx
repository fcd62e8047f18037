// The whole document as React draws it: what the page service puts in comes out in its place,
// escaped by React, with the CSP meta made from the inline scripts the renderer reports.
import type { DocumentProps, PrerenderedPage } from '@portal/shared-contracts/fragments';
import { jsonForScript, renderDocument } from './render-document';

const ASSETS = { title: 'Free Online Games', scripts: ['/main.1.js'], stylesheets: ['/main.2.css'] };

const PAGE: PrerenderedPage = {
  html: '<main><h1>Home</h1></main>',
  rootAttributes: { 'data-remote-fragments': 'mf_catalog/HomePage', 'data-no-play-stats': '' },
  title: 'Games "&" <more>',
  favicon: '/brand/icon.svg',
  metaTags: [{ attribute: 'property', key: 'og:title', content: "It's <fun>" }],
  remoteModules: ['mf_catalog/HomePage'],
  fragments: ['mf_catalog/HomePage'],
  structuredData: ['{"@type":"VideoGame","name":"</script><b>"}', 'not json'],
};

const props = (overrides: Partial<DocumentProps> = {}): DocumentProps => ({
  page: PAGE,
  assets: ASSETS,
  inlineStyles: { '/main.2.css': 'a>b{color:red}' },
  fragmentStyles: [{ id: 'mf_catalog/HomePage', css: '.cards{display:grid}' }],
  config: { remotes: {}, motto: '</script><script>alert(1)</script>' },
  hints: [{ href: 'https://cdn.test/mf-manifest.json', as: 'fetch', crossOrigin: 'anonymous' }],
  ...overrides,
});

test('a page: head and body drawn whole, each value escaped by React', () => {
  const { html, inlineScripts } = renderDocument(props());
  expect(html.startsWith('<!doctype html><html lang="en"><head><meta charSet="utf-8"/>')).toBe(true);
  expect(html).toContain('<title>Games &quot;&amp;&quot; &lt;more&gt;</title>');
  expect(html).toContain('<meta property="og:title" content="It&#x27;s &lt;fun&gt;" data-page-meta=""/>');
  expect(html).toContain('<link rel="icon" href="/brand/icon.svg"/>');
  expect(html).toContain('<script defer="" src="/main.1.js"></script>');
  // CSS is inlined as it is (not HTML-escaped: a > is a child selector).
  expect(html).toContain('<style data-href="/main.2.css">a>b{color:red}</style>');
  expect(html).toContain('<style data-remote-fragment-style="mf_catalog/HomePage">.cards{display:grid}</style>');
  expect(html).toContain(`<script type="application/json" id="runtime-config">${jsonForScript(props().config)}</script>`);
  expect(html).not.toContain('<script>alert(1)');
  expect(html).toContain(
    '<script type="application/ld+json">{"@type":"VideoGame","name":"\\u003c/script\\u003e\\u003cb\\u003e"}</script>',
  );
  expect(html.match(/application\/ld\+json/g)).toHaveLength(1); // text that is not JSON is left out
  expect(html).toContain(
    '<link rel="preload" href="https://cdn.test/mf-manifest.json" as="fetch" crossorigin="anonymous" fetchPriority="low"/>',
  );
  expect(html).toContain(
    '<div id="root" data-remote-fragments="mf_catalog/HomePage" data-no-play-stats=""><main><h1>Home</h1></main></div>',
  );
  expect(html).not.toContain('Content-Security-Policy'); // not asked for
  expect(inlineScripts).toEqual([]);
});

test('the CSP meta is made from the inline scripts the renderer reports, before any script', () => {
  const seen: (readonly string[])[] = [];
  const { html, inlineScripts } = renderDocument(
    props({
      policyFor: (scripts) => {
        seen.push(scripts);
        return "script-src 'self'";
      },
    }),
  );
  expect(seen).toEqual([inlineScripts]);
  const meta = html.indexOf('<meta http-equiv="Content-Security-Policy" content="script-src &#x27;self&#x27;"/>');
  expect(meta).toBeGreaterThan(0);
  expect(meta).toBeLessThan(html.indexOf('<script'));
});

test('the plain shell (the fallback page): empty root, stylesheet linked, config inline', () => {
  const { html } = renderDocument(props({ page: null, inlineStyles: {}, fragmentStyles: [], hints: [] }));
  expect(html).toContain('<title>Free Online Games</title>');
  expect(html).toContain('<link rel="icon" href="data:,"/>');
  expect(html).toContain('<link href="/main.2.css" rel="stylesheet"/>');
  expect(html).toContain('id="runtime-config"');
  expect(html).toContain('<body><div id="root"></div><noscript>');
  expect(html).not.toContain('data-page-meta');
});

test('JSON for a script element: nothing in it can end the element or start a comment', () => {
  expect(jsonForScript({ a: '</script><!--&\u2028\u2029' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
  expect(JSON.parse(jsonForScript({ a: '</script>' }))).toEqual({ a: '</script>' });
});

test("a preview override's banner: first in the body, outside the root, its values escaped", () => {
  const banner = {
    remote: 'mf_catalog',
    url: 'https://preview.test/<x>/mf-manifest.json',
    until: '24 Nov 2026, 21:40 UTC',
    clearHref: '/?a=1&portal-override=clear',
  };
  const { html } = renderDocument(props({ banners: [banner] }));
  const body = html.slice(html.indexOf('<body>'));
  expect(body).toMatch(
    /^<body><style>\.portal-override\{[^<]*<\/style><aside class="portal-override" aria-labelledby="portal-override-title">/,
  );
  expect(body).toContain(
    '<p><strong id="portal-override-title">Preview override active:</strong> mf_catalog loads <code>https://preview.test/&lt;x&gt;/mf-manifest.json</code> until 24 Nov 2026, 21:40 UTC.</p>' +
      '<a href="/?a=1&amp;portal-override=clear">Clear preview</a></aside><div id="root"',
  );
  expect(renderDocument(props()).html).not.toContain('portal-override');
});
