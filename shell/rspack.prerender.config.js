// The shell's pre-renderer for Node (src/prerender/render-page.tsx): the same components as the
// site, without Module Federation and without stylesheets. Output: dist-prerender/, read by the
// site's server and never served to browsers.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { createNodeRendererConfig } = require('@portal/build-config');

module.exports = createNodeRendererConfig({
  dir: __dirname,
  entry: { 'render-page': './src/prerender/render-page.tsx' },
  outDir: 'dist-prerender',
  plugins: [
    new rspack.NormalModuleReplacementPlugin(/^\.\/(federation\/)?remotes$/, path.join(__dirname, 'src/prerender/no-remotes.ts')),
    new rspack.NormalModuleReplacementPlugin(/^\.\/site-pages$/, path.join(__dirname, 'src/prerender/eager-site-pages.ts')),
  ],
});
