// @ts-check
/**
 * One Rspack + Module Federation config for every front-end part, so the shell and the
 * three remotes agree on the shared singletons, the share strategy and the output layout.
 */
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { partOptions } = require('./parts');
const { buildId } = require('./build-id');
const { StandaloneRuntimePlugin, STANDALONE_RUNTIME_FILE } = require('./standalone-runtime');
const { EntryAssetsPlugin } = require('./entry-assets');

const { ROUTER_EXPORTS, SHARED_SINGLETONS, SHELL_EAGER_SHARED, STARTUP_VENDORS_CHUNK } = require('./shared');

/** The federation bundler runtime the generated entry imports (CommonJS), and its ES module build. */
const BUNDLER_RUNTIME_CJS = require.resolve('@module-federation/webpack-bundler-runtime');
const BUNDLER_RUNTIME_ESM = BUNDLER_RUNTIME_CJS.replace(/\.cjs$/, '.js');

/** What an import without an extension may name, in every part's build. */
const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.json'];
const BROWSER_TARGETS = 'chrome >= 100, firefox >= 100, safari >= 15';

/**
 * The one TypeScript/JSX rule (Rspack's built-in SWC), for the browser builds and the shell's
 * Node pre-renderer alike; `react` adds to the automatic JSX runtime's options.
 * @param {{ targets: string, react?: Record<string, boolean> }} options
 */
function swcRule({ targets, react = {} }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', ...react } },
      },
      env: { targets },
    },
    type: 'javascript/auto',
  };
}

const ROUTER_SHARES = ['react-router', 'react-router-dom'];

function installedVersion(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [__dirname] })).version;
}

/**
 * @param {string[]} unshared singletons this part bundles instead of sharing
 * @param {string[]} eager singletons this part provides from its entry chunk
 */
function sharedConfig(unshared, eager) {
  /** @type {Record<string, {singleton: boolean, requiredVersion: string, eager: boolean, treeShaking?: {mode: 'runtime-infer', usedExports: string[]}}>} */
  const shared = {};
  for (const [request, pkg] of Object.entries(SHARED_SINGLETONS)) {
    if (unshared.includes(request)) continue;
    shared[request] = { singleton: true, requiredVersion: `^${installedVersion(pkg)}`, eager: eager.includes(request) };
    if (ROUTER_SHARES.includes(request)) shared[request].treeShaking = { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.name  container name (shell, mf_catalog, ...)
 * @param {string} options.dir   the workspace folder (__dirname of its rspack.config.js)
 * @param {number} options.port  dev-server port
 * @param {Record<string, string>} [options.exposes]
 * @param {string} [options.title] title of the standalone HTML page
 * @param {Record<string, string>} [options.define] extra compile-time constants
 * @param {string} [options.publicDir] folder copied verbatim into dist
 * @param {string} [options.publicPath] 'auto' for remotes (their chunks resolve against their
 *   own origin); '/' for the shell, whose HTML is served at nested routes
 * @param {string[]} [options.unshared] shared singletons this part bundles (tree-shaken) instead
 *   of sharing: only stateless ones, e.g. the shell's few constants from shared-contracts
 * @param {string[]} [options.startupVendors] packages this part provides and always loads at
 *   start-up (the shell: react, react-dom, the router): one chunk, one request, instead of one
 *   chunk per shared package
 * @param {boolean} [options.ownCodePerExpose] each expose's chunk carries the part's own code it
 *   uses instead of sharing it through split chunks (the catalogue: Home's first visit is one
 *   chunk, not two compressed apart; a module still runs once, whichever chunk brings it)
 * @param {Record<string, unknown>} [options.experiments] Module Federation experiments (the
 *   shell: asyncStartup, provideExternalRuntime; see docs/decisions/0016)
 */
function createFederatedConfig({
  name,
  dir,
  port,
  exposes,
  title,
  define = {},
  publicDir,
  publicPath = 'auto',
  unshared = [],
  startupVendors = [],
  ownCodePerExpose = false,
  experiments,
}) {
  return (/** @type {Record<string, unknown>} */ _env, /** @type {{mode?: string}} */ argv) => {
    const production = argv.mode === 'production';
    const build = buildId(dir, name);
    // The manifest names the build (metaData.buildInfo.buildVersion): the shell compares it to
    // notice a redeploy under an open tab.
    process.env.MF_BUILD_VERSION = build.version;
    // Remotes use the federation runtime the shell provides (decision 0016).
    const isRemote = Object.keys(exposes ?? {}).length > 0;
    // Every part runs in browsers only: the runtime drops its Node loading code (target 'web').
    // A remote loads no other remote, so its remoteEntry drops the remote-loading code too
    // (disableRemote: -0.6 KB br per remoteEntry, two of them on a first visit of `/`).
    const federationExperiments = {
      ...(isRemote ? { externalRuntime: true } : {}),
      ...experiments,
      optimization: { target: 'web', ...(isRemote ? { disableRemote: true } : {}) },
    };
    /** @type {import('@rspack/core').Configuration} */
    const config = {
      context: dir,
      mode: production ? 'production' : 'development',
      // Maps are written for the team's tools but never served (nginx and the page service 404
      // them), so files name none: the CSS inlined into pages carries no comment to strip.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        // Per build: two builds of one remote in the same tab never share a chunk-loading
        // global or script keys, so a newer runtime never runs an older build's chunk ids.
        uniqueName: build.uniqueName,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: RESOLVE_EXTENSIONS,
        // A remote's entry takes the federation bundler runtime as ES modules: its SDK imports are
        // then tree-shaken (remoteEntry.js 12.8 -> 8.6 KB br; decision 0028). Not in the shell,
        // which provides the runtime to all and must keep one copy of its module state.
        alias: isRemote ? { [BUNDLER_RUNTIME_CJS]: BUNDLER_RUNTIME_ESM } : {},
      },
      module: {
        rules: [
          swcRule({ targets: BROWSER_TARGETS, react: { development: !production, refresh: false } }),
          { test: /\.css$/, type: 'css/auto' },
          // An .svg is imported as its markup, here, in the Node renderer and in jest alike, so
          // the server's HTML and the browser's render draw it from the same string (decision 0050).
          { test: /\.svg$/, type: 'asset/source' },
          { test: /\.(png|jpe?g|gif|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: title ?? name,
          chunks: ['main'],
          // The standalone page is served at deep links too (/game/5): load scripts from the root.
          publicPath: '/',
          templateParameters: { standaloneRuntime: isRemote ? `/${STANDALONE_RUNTIME_FILE}` : '' },
        }),
        ...(isRemote ? [new StandaloneRuntimePlugin(production ? 'production' : 'development')] : []),
        // The host's pages are rendered whole by its server, which reads its entry's files here.
        ...(isRemote ? [] : [new EntryAssetsPlugin({ entry: 'main', title: title ?? name, publicPath: '/' })]),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
          ...Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)])),
        }),
        ...(publicDir ? [new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, to: '.', noErrorOnMissing: true }] })] : []),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          remotes: {},
          shared: sharedConfig(unshared, isRemote ? [] : SHELL_EAGER_SHARED),
          shareStrategy: 'loaded-first',
          experiments: federationExperiments,
          // Remote types live in shared-contracts; the DTS plugin would couple the builds.
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
        }),
      ],
      // Default async splitting: exposes of one remote share their common code as chunks
      // instead of each bundling its own copy (the account menu and modal host share a store).
      optimization: {
        runtimeChunk: false,
        ...(startupVendors.length > 0 ? { splitChunks: startupVendorChunk(startupVendors) } : {}),
        ...(ownCodePerExpose ? { splitChunks: { cacheGroups: { default: false } } } : {}),
      },
      performance: { hints: false },
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
      },
      experiments: { css: true },
    };
    return config;
  };
}

/**
 * Puts the given packages into one async chunk (STARTUP_VENDORS_CHUNK).
 * @param {string[]} packages
 */
function startupVendorChunk(packages) {
  const names = packages.map((pkg) => pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return {
    cacheGroups: {
      startupVendors: {
        test: new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`),
        name: STARTUP_VENDORS_CHUNK,
        chunks: /** @type {'async'} */ ('async'),
        enforce: true,
      },
    },
  };
}

/** Jest's stand-in for Rspack's `asset/source`: an imported .svg is its markup (decision 0050). */
const SVG_SOURCE_TRANSFORM = path.join(__dirname, 'jest', 'svg-source.js');

/**
 * One jest preset for a workspace: ts-jest in jsdom (or node), CSS stubbed,
 * Swiper (ESM-only) transformed.
 * @param {string} dir
 * @param {{environment?: 'jsdom' | 'node'}} [options]
 */
function createJestConfig(dir, { environment = 'jsdom' } = {}) {
  /** @type {import('jest').Config} */
  const config = {
    rootDir: dir,
    testEnvironment: environment,
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      // isolatedModules (tsconfig.base.json): ts-jest only transpiles, so types are checked by `npm run typecheck`.
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json') }],
      '^.+\\.m?js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', esModuleInterop: true }, diagnostics: false }],
      '^.+\\.svg$': SVG_SOURCE_TRANSFORM,
    },
    transformIgnorePatterns: ['/node_modules/(?!(swiper|ssr-window|dom7)/)'],
    moduleNameMapper: {
      // Swiper's stylesheets are imported by package subpath ('swiper/css', 'swiper/css/a11y').
      '^swiper/css(/.*)?$': path.join(__dirname, 'jest', 'style-stub.js'),
      '\\.css$': path.join(__dirname, 'jest', 'style-stub.js'),
      '\\.(png|jpe?g|gif|webp|ico)$': path.join(__dirname, 'jest', 'file-stub.js'),
    },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest', 'setup-dom.js')] : [],
  };
  return config;
}

/**
 * The loaders of a Node build of a part's pages: its source for Node 24, and its stylesheets and
 * pictures as strings, since only the markup is rendered (the browser build ships the files).
 * @returns {import('@rspack/core').RuleSetRule[]}
 */
function nodeRenderRules() {
  return [
    swcRule({ targets: 'node 24' }),
    { test: /\.css$/, type: 'asset/source' },
    { test: /\.svg$/, type: 'asset/source' },
    { test: /\.(png|jpe?g|gif|webp|ico)$/, type: 'asset/inline' },
  ];
}

/**
 * A Node build of a part's pages for rendering them without a browser (the shell's
 * pre-renderer, a remote's build-time fragments; decisions 0028 and 0032): the same components
 * as the browser build, without Module Federation and without stylesheets (the browser build
 * ships those). Output: one CommonJS file per entry in `outDir`, never served to browsers.
 * @param {{ dir: string, entry: Record<string, string>, outDir: string, plugins?: unknown[] }} options
 */
function createNodeRendererConfig({ dir, entry, outDir, plugins = [] }) {
  const { rspack } = require('@rspack/core');
  return {
    context: dir,
    mode: 'production',
    target: 'node',
    devtool: false,
    entry,
    output: { path: path.join(dir, outDir), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: RESOLVE_EXTENSIONS },
    module: { rules: nodeRenderRules() },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }), ...plugins],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

module.exports = {
  createFederatedConfig,
  createNodeRendererConfig,
  createJestConfig,
  nodeRenderRules,
  partOptions,
  RESOLVE_EXTENSIONS,
  ROUTER_EXPORTS,
  SHARED_SINGLETONS,
  swcRule,
};
