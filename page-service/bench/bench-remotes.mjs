// What the render benches (render-cpu.mjs, variant-cpu.mjs) set up alike: this checkout's remote
// builds served from `base` + i, and the shell's config.json pointing at them, in a temporary
// folder, so a page service renders pages as in production without any other process running.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parts from '../../build-config/parts.js';

const { ROOT, registry } = parts;

/**
 * Serves the remotes' dist folders and writes the config file naming them; `close()` stops the
 * servers and removes the folder. Needs `npm run build` (the remotes, the shell, this service).
 * @param {{ base: number, name: string }} options `name`: the temporary folder's prefix.
 */
export async function startBenchRemotes({ base, name }) {
  const { startStaticFolder } = await import(path.join(ROOT, 'page-service/dist/index.js'));
  const servers = await Promise.all(
    registry.remotes.map((remote, i) =>
      startStaticFolder({ root: path.join(ROOT, remote.folder, 'dist'), port: base + i, host: '127.0.0.1', name: remote.folder }),
    ),
  );
  const work = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const config = JSON.parse(readFileSync(path.join(ROOT, registry.shell.folder, 'dist', 'config.json'), 'utf8'));
  const configFile = path.join(work, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      ...config,
      remotes: Object.fromEntries(registry.remotes.map((r, i) => [r.container, `http://127.0.0.1:${base + i}/mf-manifest.json`])),
    }),
  );
  return {
    configFile,
    async close() {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      rmSync(work, { recursive: true, force: true });
    },
  };
}
