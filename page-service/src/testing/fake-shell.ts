import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The shell's index.html as its build writes it: one inline script, one stylesheet link. */
export const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Free Online Games</title>' +
  '<script>window.__inline = 1</script><script defer src="/main.0123456789.js"></script>' +
  '<link href="/main.abcdef0123.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';

/**
 * A pre-renderer standing in for shell/dist-prerender/render-page.cjs: it draws the page's
 * catalogue fragment (or a placeholder) and the most played games it was given, counts its
 * renders in globalThis.__renders, throws for a path containing "explode" and says 404 for one
 * containing "nowhere".
 */
const RENDERER = `
exports.renderPage = (url, config, hostname, origin, fragmentOf, stats) => {
  globalThis.__renders = (globalThis.__renders || 0) + 1;
  if (url.includes('explode')) throw new Error('render failed on purpose');
  const fragment = fragmentOf('mf_catalog/AllGamesPage');
  return {
    html: '<main>' + (fragment ? fragment.html : '<p>placeholder</p>') + '<p>' + (config.motto || '') + ' on ' + hostname + '</p>' +
      '<p>most played: ' + (stats ? stats.mostPlayed.join(',') : 'no figures') + '</p></main>',
    rootAttributes: fragment ? ' data-remote-fragments="mf_catalog/AllGamesPage"' : '',
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
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'main.abcdef0123.css'), 'body{margin:0}/*# sourceMappingURL=main.css.map*/');
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
