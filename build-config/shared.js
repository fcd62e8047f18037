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
  '@portal/shared-contracts': '@portal/shared-contracts',
  '@portal/runtime': '@portal/runtime',
};

/**
 * Singletons the shell bundles into its own entry chunk (`eager`) instead of a chunk of their
 * own: portal-runtime, the page's one bus, library store and play-data client (decision 0064).
 * The shell needs it before its first render anyway, so it costs no request of its own; the
 * remotes keep a fallback copy that a page loads only when no shell provides the package
 * (a remote's standalone page).
 */
const SHELL_EAGER_SHARED = ['@portal/shared-contracts', '@portal/runtime'];

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

/**
 * Shared modules are not tree-shaken unless told which exports matter: react-router is 190 KB
 * whole, 42 KB for what the parts use. Every part declares the same export list (the union of
 * what any part imports from react-router-dom), so the shell's tree-shaken copy satisfies every
 * remote and stays the one instance. A part that needs another export adds it here
 * (a remote needing an export the deployed shell's copy lacks would load the full package);
 * scripts/router-exports.test.mjs fails when any part's source imports one missing from it.
 */
const ROUTER_EXPORTS = [
  'BrowserRouter',
  'StaticRouter',
  'MemoryRouter',
  'Link',
  'Routes',
  'Route',
  'Navigate',
  'useLocation',
  'useNavigate',
  'useParams',
  'useNavigationType',
  'useSearchParams',
];

module.exports = { ROUTER_EXPORTS, SHARED_SINGLETONS, SHELL_EAGER_SHARED, SHELL_ON_DEMAND_SHARED, STARTUP_VENDORS_CHUNK };
