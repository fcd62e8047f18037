const { createFederatedConfig } = require('build-config');

/** What this remote exposes; the names and prop types are declared in shared-contracts (RemoteModules). */
const exposes = {
  './HomePage': './src/exposes/home-page.tsx',
  './AllGamesPage': './src/exposes/all-games-page.tsx',
  './CategoriesRedirect': './src/exposes/categories-redirect.tsx',
  './CategoryPage': './src/exposes/category-page.tsx',
  './SearchPage': './src/exposes/search-page.tsx',
};

module.exports = createFederatedConfig({
  name: 'mf_catalog',
  dir: __dirname,
  port: 8081,
  title: 'Catalogue remote (standalone)',
  exposes,
});
module.exports.exposes = exposes;
