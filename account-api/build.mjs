// Bundles src/server.ts into dist/server.js, the operator's commands (src/operations/cli.ts:
// migrate, backup, restore, rotate-key) into dist/operations.js and the reports listing into
// dist/reports.js (CommonJS, Node 24), then writes openapi.json from the route schemas.
// shared-contracts (TypeScript source), jose and typebox (ESM only) are bundled in; every other
// dependency stays in node_modules.
// `--watch` rebuilds on change and restarts the server: that is `npm run dev`.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const BUNDLED = new Set(['@portal/shared-contracts', 'jose', 'typebox']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));
const watch = process.argv.includes('--watch');
// `--outdir <dir>`: tests build a fresh copy beside the workspace (its node_modules must be reachable).
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag === -1 ? path.join(dir, 'dist') : path.resolve(process.argv[outdirFlag + 1] ?? 'dist');

let server = null;
/** Waits for the old server to let go of the port before starting the new one. */
async function restartServer() {
  const old = server;
  server = null;
  if (old && old.exitCode === null) {
    const exited = new Promise((resolve) => old.once('exit', resolve));
    old.kill('SIGTERM');
    await exited;
  }
  server = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'server.js')], {
    stdio: 'inherit',
    // `npm run dev` is development: the dev outbox is on unless DEV_OUTBOX says otherwise.
    env: { DEV_OUTBOX: '1', ...process.env },
  });
}

const options = {
  absWorkingDir: dir,
  // The server, the operator's commands and `npm run reports` (players' reports of broken games).
  entryPoints: {
    server: 'src/server.ts',
    operations: 'src/operations/cli.ts',
    reports: 'src/play-data/reports-cli.ts',
    // Writes openapi.json from the route schemas (after every build, below; `npm run openapi`).
    openapi: 'src/openapi/openapi-cli.ts',
    // The release service's database (scripts/releases/release-service.mjs loads it; decision 0062).
    'release-store': 'src/releases/release-store.ts',
    // Its bucket driver for published builds (RELEASE_FILES_STORAGE=s3; decision 0068).
    'release-files': 'src/releases/release-files.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  external: [...external, 'pg-native'],
  logLevel: 'info',
  plugins: watch
    ? [
        {
          name: 'restart',
          setup: (build) =>
            build.onEnd(async (result) => {
              if (result.errors.length === 0) await restartServer();
            }),
        },
      ]
    : [],
};

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      server?.kill('SIGTERM');
      process.exit(0);
    });
} else {
  await esbuild.build(options);
  // The OpenAPI document is written with every build of dist/ (git shows when the routes changed
  // it); the jest suite fails when the committed one is not what the routes give.
  if (outdirFlag === -1) {
    const written = spawnSync(process.execPath, [path.join(outdir, 'openapi.js')], { stdio: 'inherit' });
    if (written.status !== 0) process.exit(written.status ?? 1);
  }
}
