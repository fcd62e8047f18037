const { createFederatedConfig, partOptions } = require('@portal/build-config');

// Container name, dev port and exposes come from the registry of parts (parts.json); the names
// and prop types of the exposes are declared in shared-contracts (RemoteModules).
module.exports = createFederatedConfig({ ...partOptions(__dirname), title: 'Player remote (standalone)' });
