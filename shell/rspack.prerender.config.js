// The shell's pre-renderer for Node (src/prerender/render-page.tsx): the same components as the
// site, without Module Federation and without stylesheets. Output: dist-prerender/, read by the
// site's server and never served to browsers.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { RESOLVE_EXTENSIONS, swcRule } = require('build-config');

module.exports = {
  context: __dirname,
  mode: 'production',
  target: 'node',
  devtool: false,
  entry: { 'render-page': './src/prerender/render-page.tsx' },
  output: {
    path: path.join(__dirname, 'dist-prerender'),
    filename: '[name].cjs',
    library: { type: 'commonjs2' },
    clean: true,
  },
  resolve: { extensions: RESOLVE_EXTENSIONS },
  module: {
    rules: [
      swcRule({ targets: 'node 20' }),
      // Stylesheets reach the browser with the shell's own build.
      { test: /\.css$/, type: 'asset/source' },
      { test: /\.(png|jpe?g|gif|webp|svg|ico)$/, type: 'asset/inline' },
    ],
  },
  plugins: [
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    new rspack.NormalModuleReplacementPlugin(/^\.\/(federation\/)?remotes$/, path.join(__dirname, 'src/prerender/no-remotes.ts')),
  ],
  optimization: { minimize: false },
  performance: { hints: false },
};
