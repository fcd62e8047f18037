// The catalogue's pages for Node (src/prerender/render-fragments.tsx), rendered once per build
// into dist/fragments.json by scripts/write-fragments.mjs (decision 0032). Output:
// dist-fragments/, never served.
const { createNodeRendererConfig } = require('@portal/build-config');

module.exports = createNodeRendererConfig({
  dir: __dirname,
  entry: { 'render-fragments': './src/prerender/render-fragments.tsx' },
  outDir: 'dist-fragments',
});
