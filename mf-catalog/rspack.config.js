const { createFederatedConfig } = require('build-config');

/** What this remote exposes; the names and prop types are declared in shared-contracts (RemoteModules). */
const exposes = {
  './HomePage': './src/exposes/HomePage.tsx',
  './AllGamesPage': './src/exposes/AllGamesPage.tsx',
  './CategoriesRedirect': './src/exposes/CategoriesRedirect.tsx',
  './CategoryPage': './src/exposes/CategoryPage.tsx',
  './SearchPage': './src/exposes/SearchPage.tsx',
};

module.exports = createFederatedConfig({
  name: 'mf_catalog',
  dir: __dirname,
  port: 8081,
  title: 'Catalogue remote (standalone)',
  exposes,
});
module.exports.exposes = exposes;
