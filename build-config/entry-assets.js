// The host's entry files as rspack lists them, in dist/entry-assets.json: the site's server
// renders each page's whole document from it (shell/src/prerender/render-document.tsx), so it
// never reads them out of index.html.
const FILE_NAME = 'entry-assets.json';

class EntryAssetsPlugin {
  /** @param {{ entry: string, title: string, publicPath: string }} options */
  constructor(options) {
    this.options = options;
  }
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { entry, title, publicPath } = this.options;
    compiler.hooks.thisCompilation.tap('EntryAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the CSS and the content hashes are in: the names are final.
        { name: 'EntryAssetsPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = compilation.entrypoints.get(entry)?.getFiles() ?? [];
          const url = (/** @type {string} */ file) => `${publicPath}${file}`;
          const assets = {
            title,
            scripts: files.filter((file) => file.endsWith('.js')).map(url),
            stylesheets: files.filter((file) => file.endsWith('.css')).map(url),
          };
          compilation.emitAsset(FILE_NAME, new compiler.rspack.sources.RawSource(JSON.stringify(assets)));
        },
      );
    });
  }
}

module.exports = { EntryAssetsPlugin, ENTRY_ASSETS_FILE: FILE_NAME };
