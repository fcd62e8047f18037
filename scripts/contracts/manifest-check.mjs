// After a remote's build: compares dist/mf-manifest.json with the registry of parts (whose
// exposes the type check ties to shared-contracts' RemoteModules) and with the shell's shared
// singletons. `node scripts/contracts/manifest-check.mjs [remote-folder]`; exits 1 naming each
// mismatch.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';
import parts from '../../build-config/parts.js';

const require = createRequire(import.meta.url);
const { SHARED_SINGLETONS } = require('../../build-config/shared.js');

/** The version of the package governing a shared request, as installed for the shell's workspace. */
function installedForShell(request, root = parts.ROOT) {
  const shellDir = path.join(root, parts.registry.shell.folder);
  return require(require.resolve(`${SHARED_SINGLETONS[request]}/package.json`, { paths: [shellDir] })).version;
}

/**
 * The shared versions the deployed shell provides: its build's manifest when there is one,
 * else the versions installed for the shell's workspace.
 * @returns {Record<string, string>}
 */
export function shellSharedVersions(root = parts.ROOT) {
  const manifestPath = path.join(root, parts.registry.shell.folder, 'dist', 'mf-manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    return Object.fromEntries(manifest.shared.map((shared) => [shared.name, shared.version]));
  }
  return Object.fromEntries(Object.keys(SHARED_SINGLETONS).map((request) => [request, installedForShell(request, root)]));
}

/**
 * Every mismatch between a remote's built manifest and what the site expects of it.
 * @param {{ container: string, exposes: Record<string, string> }} remote its registry entry
 * @param {any} manifest its dist/mf-manifest.json
 * @param {Record<string, string>} shellShared shared request → version the shell provides
 * @returns {string[]}
 */
export function manifestMismatches(remote, manifest, shellShared) {
  const problems = [];
  const name = remote.container;
  if (manifest?.metaData?.name !== name)
    problems.push(`${name}: the manifest names container ${manifest?.metaData?.name}, not ${name}`);
  const built = new Set((manifest?.exposes ?? []).map((expose) => expose.path));
  for (const key of Object.keys(remote.exposes)) {
    if (!built.has(key)) problems.push(`${name}: expose ${key} is declared but missing from the built mf-manifest.json`);
  }
  for (const key of built) {
    if (!(key in remote.exposes)) problems.push(`${name}: the build exposes ${key}, which the contract does not declare`);
  }
  for (const request of Object.keys(SHARED_SINGLETONS)) {
    const shared = (manifest?.shared ?? []).find((entry) => entry.name === request);
    if (!shared) continue; // a remote that never imports a singleton does not share it
    if (!shared.singleton) problems.push(`${name}: shared ${request} must be a singleton`);
    const provided = shellShared[request];
    if (!provided) problems.push(`${name}: shares ${request}, which the shell does not provide`);
    else if (!satisfy(provided, shared.requiredVersion))
      problems.push(`${name}: shared ${request} requires ${shared.requiredVersion} but the shell provides ${provided}`);
  }
  return problems;
}

/** Checks one built remote folder; returns the problems (empty when it may be deployed). */
export function checkBuiltRemote(folder, { remote = parts.remoteByDir(folder), shellShared = shellSharedVersions() } = {}) {
  const dist = path.join(folder, 'dist');
  const problems = [];
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    if (!existsSync(path.join(dist, file))) problems.push(`${remote.container}: the build emitted no ${file}`);
  }
  if (problems.length) return problems;
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  return manifestMismatches(remote, manifest, shellShared);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = path.resolve(process.argv[2] ?? process.cwd());
  const problems = checkBuiltRemote(folder);
  for (const problem of problems) console.error(`✖ ${problem}`);
  if (problems.length) process.exit(1);
  console.log(`✔ ${path.basename(folder)}: dist/mf-manifest.json matches the contract and the shell's shared versions`);
}
