// @ts-check
/**
 * The registry of parts (`parts.json` at the repository root): each part's container name,
 * folder, default port and exposes. Build configs, the start/dev scripts, the page service's callers, the e2e
 * harness and the served /config.json all read it through these helpers. Only node built-ins
 * here: `npm start` loads this before it has installed anything.
 */
const path = require('node:path');
const fs = require('node:fs');

const ROOT = path.resolve(__dirname, '..');

/**
 * @typedef {{ container: string, folder: string, port: number, exposes: Record<string, string> }} RemotePart
 * @typedef {{ api: { folder: string, port: number }, pageService: { folder: string, serves: string }, shell: { container: string, folder: string, port: number }, remotes: RemotePart[] }} Registry
 */

/** @type {Registry} */
const registry = JSON.parse(fs.readFileSync(path.join(ROOT, 'parts.json'), 'utf8'));

/** `mf_catalog` → `MF_CATALOG_PORT`; the shell's is SHELL_PORT, the API's ACCOUNT_API_PORT. */
const portEnvOf = (/** @type {string} */ key) => (key === 'api' ? 'ACCOUNT_API_PORT' : `${key.toUpperCase()}_PORT`);
/** `mf_catalog` → `MF_CATALOG_URL`: overrides the remote's manifest URL in the served config. */
const urlEnvOf = (/** @type {string} */ container) => `${container.toUpperCase()}_URL`;

/** @typedef {Record<string, number> & { api: number, shell: number }} Ports */

/**
 * Every part's port (keys: api, shell and each remote's container), each movable by its variable.
 * @returns {Ports}
 */
function defaultPorts(env = process.env) {
  /** @type {Record<string, number>} */
  const ports = {};
  for (const [key, port] of entries()) ports[key] = Number(env[portEnvOf(key)] ?? port);
  return /** @type {Ports} */ (ports);
}

/**
 * Every port from one base, at the same offsets as the defaults (API on base, shell on base+80,
 * remotes on base+81…).
 * @returns {Ports}
 */
function portsFromBase(/** @type {number} */ base) {
  /** @type {Record<string, number>} */
  const ports = {};
  for (const [key, port] of entries()) ports[key] = base + port - registry.api.port;
  return /** @type {Ports} */ (ports);
}

/** @returns {[string, number][]} */
function entries() {
  return [
    ['api', registry.api.port],
    ['shell', registry.shell.port],
    ...registry.remotes.map((r) => /** @type {[string, number]} */ ([r.container, r.port])),
  ];
}

/** The remote whose workspace folder is `dir` (its rspack.config.js's __dirname). */
function remoteByDir(/** @type {string} */ dir) {
  const folder = path.basename(dir);
  const remote = registry.remotes.find((r) => r.folder === folder);
  if (!remote) throw new Error(`parts.json names no remote in folder ${folder}`);
  return remote;
}

/** Options of createFederatedConfig for the part in `dir` (shell or remote). */
function partOptions(/** @type {string} */ dir) {
  if (path.basename(dir) === registry.shell.folder) return { name: registry.shell.container, dir, port: registry.shell.port };
  const remote = remoteByDir(dir);
  return { name: remote.container, dir, port: remote.port, exposes: remote.exposes };
}

/** Manifest URL of every remote on this machine's ports. */
function localRemoteUrls(/** @type {Ports} */ ports) {
  return Object.fromEntries(
    registry.remotes.map((r) => [r.container, `http://localhost:${ports[r.container]}/mf-manifest.json`]),
  );
}

module.exports = { ROOT, registry, portEnvOf, urlEnvOf, defaultPorts, portsFromBase, remoteByDir, partOptions, localRemoteUrls };
