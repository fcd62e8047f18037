const path = require('node:path');
const { createFederatedConfig, partOptions } = require('build-config');

// The shell is the host: it declares no remotes at build time; their manifest URLs come
// from /config.json at run time (see src/federation/remotes.ts).
module.exports = createFederatedConfig({
  ...partOptions(__dirname),
  title: 'Free Online Games',
  publicDir: path.join(__dirname, 'public'),
  publicPath: '/',
});
