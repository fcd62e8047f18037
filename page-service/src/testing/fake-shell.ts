import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The shell's entry files as its build lists them (build-config's EntryAssetsPlugin). */
export const ENTRY_ASSETS = {
  title: 'Free Online Games',
  scripts: ['/main.0123456789.js'],
  stylesheets: ['/main.abcdef0123.css'],
};

/**
 * A pre-renderer standing in for shell/dist-prerender/render-page.cjs: it draws the page's
 * catalogue fragment (or a placeholder) and the most played games it was given, counts its
 * renders in globalThis.__renders, throws for a path containing "explode" and says 404 for one
 * containing "nowhere". Its document is drawn with React like the shell's
 * (shell/src/prerender/render-document.tsx), with one executable inline script.
 */
const RENDERER = `
const { createElement: h } = require(${JSON.stringify(require.resolve('react'))});
const { renderToStaticMarkup } = require(${JSON.stringify(require.resolve('react-dom/server'))});
const INLINE = ['window.__inline = 1'];
const json = (value) => JSON.stringify(value).split('<').join('\\\\u003c').split('>').join('\\\\u003e');
exports.renderDocument = ({ page, assets, inlineStyles, fragmentStyles, config, hints, policyFor, banners = [] }) => {
  const policy = policyFor ? policyFor(INLINE) : null;
  const html = (inner) => ({ __html: inner });
  const head = h('head', null,
    h('meta', { charSet: 'utf-8' }),
    policy === null ? null : h('meta', { httpEquiv: 'Content-Security-Policy', content: policy }),
    h('link', { rel: 'icon', href: page ? page.favicon : 'data:,' }),
    h('title', null, page ? page.title : assets.title),
    ...(page ? page.metaTags : []).map((tag) => h('meta', { key: tag.key, [tag.attribute]: tag.key, content: tag.content, 'data-page-meta': '' })),
    ...INLINE.map((code) => h('script', { key: code, dangerouslySetInnerHTML: html(code) })),
    ...assets.scripts.map((src) => h('script', { key: src, defer: true, src })),
    ...assets.stylesheets.map((href) => inlineStyles[href] === undefined
      ? h('link', { key: href, href, rel: 'stylesheet' })
      : h('style', { key: href, 'data-href': href, dangerouslySetInnerHTML: html(inlineStyles[href]) })),
    ...fragmentStyles.map(({ id, css }) => h('style', { key: id, 'data-remote-fragment-style': id, dangerouslySetInnerHTML: html(css) })),
    h('script', { type: 'application/json', id: 'runtime-config', dangerouslySetInnerHTML: html(json(config)) }),
    ...((page && page.structuredData) || []).map((text, i) => h('script', { key: i, type: 'application/ld+json', dangerouslySetInnerHTML: html(json(JSON.parse(text))) })),
    ...hints.map((hint) => h('link', { key: hint.as + hint.href, rel: 'preload', href: hint.href, as: hint.as, crossOrigin: hint.crossOrigin, fetchPriority: 'low' })),
  );
  const body = h('body', null,
    ...banners.map((banner) => h('aside', { key: banner.remote, className: 'portal-override', 'aria-labelledby': 'portal-override-title' },
      h('p', null, h('strong', { id: 'portal-override-title' }, 'Preview override active:'), ' ', banner.remote, ' loads ', h('code', null, banner.url), ' until ', banner.until, '.'),
      h('a', { href: banner.clearHref }, 'Clear preview'))),
    h('div', { id: 'root', ...(page ? page.rootAttributes : {}), dangerouslySetInnerHTML: html(page ? page.html : '') }),
  );
  return { html: '<!doctype html>' + renderToStaticMarkup(h('html', { lang: 'en' }, head, body)), inlineScripts: INLINE };
};
exports.renderPage = (url, config, hostname, origin, fragmentOf, stats) => {
  globalThis.__renders = (globalThis.__renders || 0) + 1;
  if (url.includes('explode')) throw new Error('render failed on purpose');
  const fragment = fragmentOf('mf_catalog/AllGamesPage');
  return {
    html: '<main>' + (fragment ? fragment.pieces.html.join('') : '<p>placeholder</p>') + '<p>' + (config.motto || '') + ' on ' + hostname + '</p>' +
      '<p>most played: ' + (stats ? stats.mostPlayed.join(',') : 'no figures') + '</p></main>',
    rootAttributes: fragment ? { 'data-remote-fragments': 'mf_catalog/AllGamesPage' } : {},
    title: 'Page ' + url,
    status: url.includes('nowhere') ? 404 : undefined,
    favicon: '/favicon.ico',
    metaTags: [{ attribute: 'property', key: 'og:url', content: origin + url }],
    remoteModules: ['mf_catalog/AllGamesPage'],
    fragments: fragment ? ['mf_catalog/AllGamesPage'] : [],
    structuredData: ['{"@type":"VideoGame","name":"</script><b>"}'],
  };
};`;

export interface FakeShell {
  dist: string;
  configFile: string;
  writeConfig(config: object): void;
}

/** A shell build in a temporary folder, its config pointing the catalogue at `catalogueManifest`. */
export function fakeShell(catalogueManifest: string, { renderer = true } = {}): FakeShell {
  const root = mkdtempSync(path.join(os.tmpdir(), 'page-service-test-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'entry-assets.json'), JSON.stringify(ENTRY_ASSETS));
  writeFileSync(path.join(dist, 'main.abcdef0123.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'main.0123456789.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ shared: [{ name: 'react', assets: { js: { sync: ['vendors.js'] } } }] }),
  );
  if (renderer) {
    mkdirSync(path.join(root, 'dist-prerender'));
    writeFileSync(path.join(root, 'dist-prerender', 'render-page.cjs'), RENDERER);
  }
  const configFile = path.join(dist, 'config.json');
  const writeConfig = (config: object) => writeFileSync(configFile, JSON.stringify(config));
  writeConfig({
    remotes: { mf_catalog: catalogueManifest },
    accountApiUrl: 'http://api.test:8000',
    motto: 'Play free',
    // The site's host in the tests: page files are kept only for a brand's hosts.
    brands: [{ id: 'portal', name: 'PlayVerse', logo: '', title: '', favicon: '', blurb: '', hosts: ['portal.test'] }],
    defaultBrand: { id: 'default', name: 'PlayVerse' },
  });
  return { dist, configFile, writeConfig };
}
