// @ts-check
/**
 * Shared singletons (ARCHITECTURE "Composition"): the browser downloads exactly one copy.
 * Each entry names the package whose version governs it. Read by the Rspack config factory
 * and by the manifest check (scripts/contracts/manifest-check.mjs).
 */
const SHARED_SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router': 'react-router',
  'react-router-dom': 'react-router-dom',
  'react-toastify': 'react-toastify',
  'shared-contracts': 'shared-contracts',
};

module.exports = { SHARED_SINGLETONS };
