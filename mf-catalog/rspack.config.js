const { createFederatedConfig, partOptions } = require('@portal/build-config');

// Container name, dev port and exposes come from the registry of parts (parts.json); the names
// and prop types of the exposes are declared in shared-contracts (RemoteModules).
// Its own code stays in each expose's chunk: Home's first visit then loads one chunk of it
// (-0.4 KB br against a split-out card chunk compressed on its own).
module.exports = createFederatedConfig({
  ...partOptions(__dirname),
  title: 'Catalogue remote (standalone)',
  ownCodePerExpose: true,
});
