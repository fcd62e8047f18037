// The reference single-bundle app of `npm run bench`: the shell's own source with
// federation/remotes.ts replaced by ./remotes.ts (direct imports of every exposed module), no
// Module Federation plugin. Output goes to bench-out/reference/, outside every deployed dist.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { createFederatedConfig } = require('@portal/build-config');

const root = path.resolve(__dirname, '../../..');
const shellDir = path.join(root, 'shell');

module.exports = (env, argv) => {
  const config = createFederatedConfig({
    name: 'reference',
    dir: shellDir,
    port: 0,
    title: 'Free Online Games',
    publicDir: path.join(shellDir, 'public'),
    publicPath: '/',
  })(env, { ...argv, mode: 'production' });
  return {
    ...config,
    // No async boundary is needed without shared-module negotiation.
    entry: { main: path.join(shellDir, 'src/bootstrap.tsx') },
    output: { ...config.output, path: path.join(root, 'bench-out/reference') },
    devtool: false,
    plugins: [
      ...config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
      new rspack.NormalModuleReplacementPlugin(/^\.\/(federation\/)?remotes$/, path.join(__dirname, 'remotes.ts')),
    ],
  };
};
