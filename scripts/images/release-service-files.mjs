// The source files the release service runs from (scripts/releases/release-service.mjs and every
// file it imports by a relative path, followed through those), for the account API's image,
// which carries the service beside dist/release-store.js and dist/release-files.js. Worked out
// from the imports, so a module the service starts to import is in the next image without a list
// to keep.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Paths relative to `root`: the service, its imports, and the files they read at start-up. */
export function releaseServiceFiles(root) {
  const found = new Set();
  const visit = (file) => {
    const relative = path.relative(root, file);
    if (found.has(relative)) return;
    found.add(relative);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) visit(path.resolve(path.dirname(file), specifier));
  };
  visit(path.join(root, 'scripts', 'releases', 'release-service.mjs'));
  // Read, not imported: the parts registry (build-config/parts.js) and the settings schema's module type.
  found.add('parts.json');
  found.add(path.join('account-api', 'src', 'releases', 'package.json'));
  return [...found].sort();
}
