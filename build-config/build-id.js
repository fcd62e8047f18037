// @ts-check
const path = require('node:path');
const fs = require('node:fs');

/**
 * Identity of one build of a part: `BUILD_ID` when the pipeline sets one (a CI run number or a
 * commit), else the build's start time. It becomes the manifest's build version and part of the
 * chunk-loading global, so each deploy of a remote is distinguishable inside a running tab.
 * @param {string} dir the part's folder
 * @param {string} name its container name
 */
function buildId(dir, name, env = process.env) {
  const id = (env.BUILD_ID ?? Date.now().toString(36)).replace(/[^A-Za-z0-9_]/g, '_');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { id, version: `${pkg.version}+${id}`, uniqueName: `${name}_${id}` };
}

module.exports = { buildId };
