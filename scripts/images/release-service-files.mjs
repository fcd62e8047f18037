// The source files the release service runs from (scripts/releases/release-service.mjs and every
// file it imports by a relative path or from a workspace (`@portal/…`, through the workspace's
// exports), followed through those), for the account API's image,
// which carries the service beside dist/release-store.js and dist/release-files.js. Worked out
// from the imports, so a module the service starts to import is in the next image without a list
// to keep.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Type-only imports are erased when Node strips the types: nothing to carry for them.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"]((?:\.{1,2}|@portal)\/[^'"]+)['"]/g;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** `@portal/name/sub` → the file the workspace's exports name for `./sub` (the image links the workspace, not its files). */
function workspaceFile(root, specifier) {
  const [scope, name, ...rest] = specifier.split('/');
  for (const folder of readJson(path.join(root, 'package.json')).workspaces) {
    const manifest = path.join(root, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: packageName, exports = {} } = readJson(manifest);
    if (packageName !== `${scope}/${name}`) continue;
    const target = exports[rest.length > 0 ? `./${rest.join('/')}` : '.'];
    if (typeof target !== 'string') throw new Error(`${specifier}: not in ${folder}/package.json's exports`);
    return path.join(root, folder, target);
  }
  throw new Error(`${specifier}: no workspace of that name`);
}

/** The repository's or a workspace's own package.json is in the image already (its install step). */
const isWorkspaceRoot = (root, dir) =>
  dir === root || (existsSync(path.join(dir, 'package.json')) && 'name' in readJson(path.join(dir, 'package.json')));

/** Paths relative to `root`: the service, its imports, and the files they read at start-up. */
export function releaseServiceFiles(root) {
  const found = new Set();
  const visit = (file) => {
    const relative = path.relative(root, file);
    if (found.has(relative)) return;
    found.add(relative);
    // A folder's own package.json says its files' module type to Node.
    const folderManifest = path.join(path.dirname(file), 'package.json');
    if (existsSync(folderManifest) && !isWorkspaceRoot(root, path.dirname(file))) found.add(path.relative(root, folderManifest));
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT))
      visit(specifier.startsWith('@portal/') ? workspaceFile(root, specifier) : path.resolve(path.dirname(file), specifier));
  };
  visit(path.join(root, 'scripts', 'releases', 'release-service.mjs'));
  // Read, not imported: the parts registry (build-config/parts.js).
  found.add('parts.json');
  return [...found].sort();
}
