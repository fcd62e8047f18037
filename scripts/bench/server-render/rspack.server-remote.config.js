// @ts-check
// The spike of decision 0069: the catalogue built a second time as a Module Federation SERVER
// remote (target async-node, CommonJS container), as Modern.js and module-federation/core's
// SSR examples build theirs. The page service would load its remoteEntry.js at run time from
// the remote's origin and render the exposed page with react-dom/server, instead of reading the
// pages the remote rendered at its build (fragments.json, decision 0032). Built only by
// scripts/bench/server-render.mjs; output scripts/bench/server-render/dist/, never served to browsers.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { nodeRenderRules, partOptions, RESOLVE_EXTENSIONS, SHARED_SINGLETONS } = require('@portal/build-config');

const catalogDir = path.resolve(__dirname, '..', '..', '..', 'mf-catalog');
const { name, exposes } = partOptions(catalogDir);

/** The same singletons as the browser build, provided by the Node host instead of the shell. */
const shared = Object.fromEntries(
  Object.entries(SHARED_SINGLETONS).map(([request, pkg]) => {
    const { version } = require(require.resolve(`${pkg}/package.json`, { paths: [catalogDir] }));
    return [request, { singleton: true, requiredVersion: `^${version}` }];
  }),
);

/** @type {import('@rspack/core').Configuration} */
module.exports = {
  context: catalogDir,
  mode: 'production',
  target: 'async-node',
  devtool: false,
  entry: {},
  output: {
    path: path.join(__dirname, 'dist', 'mf-catalog-server'),
    // No public path: the Node runtime plugin then resolves chunks against the URL the
    // remoteEntry.js came from, so the remote is not tied to one origin ('auto' needs a browser).
    publicPath: '',
    uniqueName: `${name}_server`,
    library: { type: 'commonjs-module' },
    chunkFilename: '[name].[contenthash:10].js',
    clean: true,
  },
  resolve: { extensions: RESOLVE_EXTENSIONS },
  // The browser build ships the stylesheets; the server only needs the markup.
  module: { rules: nodeRenderRules() },
  plugins: [
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      library: { type: 'commonjs-module' },
      remoteType: 'script',
      exposes,
      shared,
      // Loads the container's chunks over HTTP from wherever its remoteEntry.js came from.
      runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
      dts: false,
      manifest: { fileName: 'mf-manifest.json' },
    }),
  ],
  optimization: { minimize: false },
  performance: { hints: false },
};
