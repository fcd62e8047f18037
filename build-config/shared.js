// @ts-check
/**
 * Shared singletons (docs/architecture.md): the browser downloads exactly one copy.
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

/**
 * Singletons the shell provides but loads only when something needs them (decision 0028: the
 * toast container mounts on demand). The site's server hints every other shared chunk of the
 * shell, which its start-up loads before the entry runs.
 */
const SHELL_ON_DEMAND_SHARED = ['react-toastify'];

/**
 * The chunk that holds the shared packages a part loads at start-up (the shell: react, react-dom,
 * the router; the factory's `startupVendors`): one request instead of one per package.
 */
const STARTUP_VENDORS_CHUNK = 'vendors';

module.exports = { SHARED_SINGLETONS, SHELL_ON_DEMAND_SHARED, STARTUP_VENDORS_CHUNK };
