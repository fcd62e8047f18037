// The release service's tests load account-api's release modules as `npm run build -w account-api`
// bundles them (dist/release-store.js, dist/release-files.js), built afresh from the source here.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Bundles account-api/src/releases/<name>.ts beside account-api (so its node_modules, kysely,
 * better-sqlite3, pg and the AWS SDK, resolve as in dist/). Resolves with the file and a remover.
 */
export async function bundleApiModule(name) {
  const file = path.join(ROOT, 'account-api', `.${name}-test-${process.pid}.cjs`);
  const apiDependencies = JSON.parse(readFileSync(path.join(ROOT, 'account-api', 'package.json'), 'utf8')).dependencies;
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'account-api', 'src', 'releases', `${name}.ts`)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    // As account-api/build.mjs: its dependencies stay external, the repository's own source (its
    // devDependency service-tracing) is bundled in.
    external: [...Object.keys(apiDependencies), 'pg-native'],
    logLevel: 'silent',
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}
