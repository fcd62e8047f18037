// A remote's build as its CI hands it to `npm run release -- publish --from`, for the release tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a build into `folder`: its manifest names `version` as the build's version, its
 * remoteEntry.js is `/* <version> *\/`; `files` adds or replaces files by path (a static chunk by
 * default). Returns the folder.
 * @param {string} folder
 * @param {string} version
 * @param {Record<string, string>} [files]
 */
export function writeRemoteBuild(folder, version, files = { 'static/chunk.1a2b.js': '1' }) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: version } } }));
  writeFileSync(path.join(folder, 'remoteEntry.js'), `/* ${version} */`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
  return folder;
}
