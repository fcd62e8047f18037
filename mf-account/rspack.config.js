const { createFederatedConfig } = require('build-config');

/** What this remote exposes; the names and prop types are declared in shared-contracts (RemoteModules). */
const exposes = {
  './AccountMenu': './src/exposes/account-menu.tsx',
  './ModalHost': './src/exposes/modal-host.tsx',
  './ProfilePage': './src/exposes/profile-page.tsx',
};

module.exports = createFederatedConfig({
  name: 'mf_account',
  dir: __dirname,
  port: 8083,
  title: 'Account remote (standalone)',
  exposes,
});
module.exports.exposes = exposes;
