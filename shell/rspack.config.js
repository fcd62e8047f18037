const path = require('node:path');
const { createFederatedConfig, partOptions } = require('@portal/build-config');

// The shell is the host: it declares no remotes at build time; their manifest URLs come
// from /config.json at run time (see src/federation/remotes.ts).
module.exports = createFederatedConfig({
  ...partOptions(__dirname),
  title: 'Free Online Games',
  publicDir: path.join(__dirname, 'public'),
  publicPath: '/',
  // shared-contracts is provided by the shell like the other singletons, and hinted with its
  // start-up: a remote's copy cost one more round trip before the page's content (decision 0029).
  // What every page needs before it can draw: one request, not five (decision 0016).
  startupVendors: ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom'],
  // Shared singletons are negotiated before the entry runs, so the entry imports the app at once:
  // its stylesheet and chunks are in the HTML, and the pre-rendered page is styled at first paint.
  experiments: { asyncStartup: true, provideExternalRuntime: true },
});
