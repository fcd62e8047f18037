// Bundles the page service into dist/ (CommonJS, Node 24): `server.js`, the process operators
// run, and `index.js`, the library `npm start`, the e2e harness and the bench start in-process.
// shared-contracts and build-config (sources of this repository) are bundled in; the packages of
// package.json stay in node_modules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

await esbuild.build({
  absWorkingDir: dir,
  entryPoints: { server: 'src/server.ts', index: 'src/index.ts', 'serve-folder': 'src/assets/serve-folder.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  external: Object.keys(pkg.dependencies),
  logLevel: 'warning',
});
