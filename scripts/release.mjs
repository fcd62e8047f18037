// Versioned releases of a remote, and live repointing (README "Deploying one remote on its own"):
//
//   node scripts/release.mjs publish  <remote> <version> [--from <dir>]
//                                                          copy <remote>/dist (or <dir>) into RELEASES_DIR/<folder>/<version>/
//   node scripts/release.mjs point    <remote> <version>   make the site load that release on the next page load
//   node scripts/release.mjs rollback <remote>             point back at the release pointed at before
//   node scripts/release.mjs list     <remote>             releases, newest first, and which one is current
//   node scripts/release.mjs prune    <remote> [days]      delete releases older than days (7), never current or previous
//
// <remote> is its container (mf_catalog) or folder (mf-catalog). RELEASES_DIR (default
// ./releases) is what the remotes' static host serves at RELEASES_URL (default
// http://localhost:8090); the page service notices a new RELEASES_DIR/current.json on the next request.
// The shell is never rebuilt or touched.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import parts from '../build-config/parts.js';

/** The pointer file the page service reads (page-service/src/config/runtime-config.ts, pointerFile). */
const pointerPath = (releasesDir) => path.join(releasesDir, 'current.json');

/** Files every request revalidates; copied last so no one sees a manifest before its chunks. */
const ENTRY_FILES = ['remoteEntry.js', 'mf-manifest.json'];
export const KEEP_DAYS = 7;

function fail(message) {
  throw new Error(message);
}

function remoteNamed(nameOrFolder) {
  return (
    parts.registry.remotes.find((r) => r.container === nameOrFolder || r.folder === nameOrFolder) ??
    fail(`no remote named ${nameOrFolder} in parts.json`)
  );
}

function checkVersion(version) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(version ?? '')) fail(`a release version is letters, digits, . _ - (got ${version})`);
  return version;
}

function options(env = process.env) {
  return {
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(parts.ROOT, 'releases')),
    releasesUrl: (env.RELEASES_URL ?? 'http://localhost:8090').replace(/\/$/, ''),
  };
}

function readPointers(releasesDir) {
  const file = pointerPath(releasesDir);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { remotes: {} };
}

/** Atomic: a server reading current.json sees the old or the new file, never half of one. */
function writePointers(releasesDir, pointers) {
  const file = pointerPath(releasesDir);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(pointers, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** Copies a build into a new release folder: hashed files first, remoteEntry.js and the manifest last. */
export function publish(nameOrFolder, version, { from, env } = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(env);
  const source = path.resolve(from ?? path.join(parts.ROOT, remote.folder, 'dist'));
  if (!existsSync(path.join(source, 'mf-manifest.json')))
    fail(`${source} holds no build (no mf-manifest.json): build ${remote.folder} first`);
  const target = path.join(releasesDir, remote.folder, checkVersion(version));
  if (existsSync(target)) fail(`release ${remote.folder}/${version} exists: releases are immutable, publish a new version`);
  const files = listFiles(source);
  const ordered = [...files.filter((f) => !ENTRY_FILES.includes(f)), ...ENTRY_FILES.filter((f) => files.includes(f))];
  for (const file of ordered) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(path.join(source, file), path.join(target, file));
  }
  return target;
}

/** Points the site at a published release; remembers the release it replaces for rollback. */
export function point(nameOrFolder, version, { env } = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir, releasesUrl } = options(env);
  if (!existsSync(path.join(releasesDir, remote.folder, checkVersion(version), 'mf-manifest.json')))
    fail(`release ${remote.folder}/${version} is not published`);
  const pointers = readPointers(releasesDir);
  const current = pointers.remotes[remote.container];
  const history = [...(current?.history ?? []), ...(current ? [current.version] : [])].slice(-20);
  pointers.remotes[remote.container] = {
    version,
    url: `${releasesUrl}/${remote.folder}/${version}/mf-manifest.json`,
    history: current?.version === version ? (current.history ?? []) : history,
    pointedAt: new Date().toISOString(),
  };
  writePointers(releasesDir, pointers);
  return pointers.remotes[remote.container];
}

/** Points back at the release pointed at before the current one. */
export function rollback(nameOrFolder, { env } = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(env);
  const pointers = readPointers(releasesDir);
  const current = pointers.remotes[remote.container] ?? fail(`${remote.container} points at no release`);
  const previous = current.history?.at(-1) ?? fail(`${remote.container} has no earlier release to roll back to`);
  point(remote.container, previous, { env });
  const after = readPointers(releasesDir);
  after.remotes[remote.container].history = current.history.slice(0, -1);
  writePointers(releasesDir, after);
  return after.remotes[remote.container];
}

export function list(nameOrFolder, { env } = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(env);
  const dir = path.join(releasesDir, remote.folder);
  const current = readPointers(releasesDir).remotes[remote.container];
  const versions = existsSync(dir) ? readdirSync(dir) : [];
  return versions
    .map((version) => ({ version, publishedAt: statSync(path.join(dir, version)).mtime, current: version === current?.version }))
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}

/** Deletes releases older than `days`, keeping the current one and the one before it. */
export function prune(nameOrFolder, days = KEEP_DAYS, { env, now = Date.now() } = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(env);
  const current = readPointers(releasesDir).remotes[remote.container];
  const keep = new Set([current?.version, current?.history?.at(-1)].filter(Boolean));
  const removed = [];
  for (const release of list(remote.container, { env })) {
    if (keep.has(release.version) || now - release.publishedAt.getTime() < days * 86_400_000) continue;
    rmSync(path.join(releasesDir, remote.folder, release.version), { recursive: true, force: true });
    removed.push(release.version);
  }
  return removed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, name, arg, flag, from] = process.argv.slice(2);
  try {
    if (command === 'publish') console.log(`published ${publish(name, arg, { from: flag === '--from' ? from : undefined })}`);
    else if (command === 'point') console.log(`${name} → ${point(name, arg).url} (next page load)`);
    else if (command === 'rollback') console.log(`${name} rolled back → ${rollback(name).url} (next page load)`);
    else if (command === 'list')
      for (const r of list(name)) console.log(`${r.current ? '*' : ' '} ${r.version}  ${r.publishedAt.toISOString()}`);
    else if (command === 'prune')
      console.log(`removed: ${prune(name, arg === undefined ? KEEP_DAYS : Number(arg)).join(', ') || 'nothing'}`);
    else {
      console.error('usage: node scripts/release.mjs publish|point|rollback|list|prune <remote> [version|days]');
      process.exit(2);
    }
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
}
