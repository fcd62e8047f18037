const { createFederatedConfig } = require('build-config');

/** What this remote exposes; the names and prop types are declared in shared-contracts (RemoteModules). */
const exposes = {
  './PlayPage': './src/exposes/play-page.tsx',
};

module.exports = createFederatedConfig({
  name: 'mf_player',
  dir: __dirname,
  port: 8082,
  title: 'Player remote (standalone)',
  exposes,
});
module.exports.exposes = exposes;
