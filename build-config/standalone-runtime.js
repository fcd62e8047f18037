// @ts-check
/**
 * Remotes are built with Module Federation's `experiments.externalRuntime`: their remoteEntry.js
 * uses the federation runtime the shell provides (one copy per page, decision 0016). A remote's
 * own standalone page has no shell, so it loads this small script first: the same runtime,
 * published on the global the remote expects. Built with a plain (non-federated) Rspack run and
 * emitted into the remote's dist as federation-runtime.js.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { rspack } = require('@rspack/core');

const FILE_NAME = 'federation-runtime.js';
/** @type {Map<string, Promise<string>>} */
const built = new Map();

/** @param {'production' | 'development'} mode */
function buildProvider(mode) {
  if (!built.has(mode)) {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-runtime-'));
    built.set(
      mode,
      new Promise((resolve, reject) => {
        rspack(
          {
            mode,
            devtool: false,
            target: 'web',
            entry: path.join(__dirname, 'standalone-runtime-entry.js'),
            output: { path: outDir, filename: FILE_NAME, iife: true },
          },
          (error, stats) => {
            if (error || !stats || stats.hasErrors()) {
              reject(error ?? new Error(stats?.toString('errors-only') ?? 'federation runtime build failed'));
              return;
            }
            const source = fs.readFileSync(path.join(outDir, FILE_NAME), 'utf8');
            fs.rmSync(outDir, { recursive: true, force: true });
            resolve(source);
          },
        );
      }),
    );
  }
  return /** @type {Promise<string>} */ (built.get(mode));
}

class StandaloneRuntimePlugin {
  /** @param {'production' | 'development'} mode */
  constructor(mode) {
    this.mode = mode;
  }
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StandaloneRuntimePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'StandaloneRuntimePlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          compilation.emitAsset(FILE_NAME, new compiler.rspack.sources.RawSource(await buildProvider(this.mode)));
        },
      );
    });
  }
}

module.exports = { StandaloneRuntimePlugin, STANDALONE_RUNTIME_FILE: FILE_NAME };
