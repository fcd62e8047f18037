// What every bench that sets the composed site beside the single-bundle reference needs: the
// builds checked, the reference built (scripts/bench/reference/, never deployed), and both sites
// served on loopback the same way (config and stylesheet inlined) against one throw-away API.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from '../precompress.mjs';
import { portsFromBase, serveAll } from '../start.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REFERENCE_DIR = path.join(ROOT, 'bench-out/reference');

/** The middle value, leaving out runs that measured nothing; null when none did. */
export function median(values) {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
}

/**
 * The builds (name → origin) in the order they walk on turn `turn`: they take turns, so a busy
 * moment of the machine falls on both alike, and the one that goes first changes each time, so
 * what a walk leaves behind falls on both alike too.
 */
export function turnOrder(builds, turn) {
  const order = Object.entries(builds);
  return turn % 2 ? order.reverse() : order;
}

/** Exits saying what to run when one of these built files is missing. */
export function requireBuilt(files) {
  for (const file of files)
    if (!existsSync(path.join(ROOT, file))) {
      console.error(`${file} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
}

/** Builds the single-bundle reference of the same pages into bench-out/reference, precompressed. */
export async function buildReference() {
  console.log('Building the reference single-bundle app into bench-out/reference …');
  const build = spawnSync(
    path.join(ROOT, 'node_modules/.bin/rspack'),
    ['build', '-c', 'scripts/bench/reference/rspack.config.cjs', '--mode', 'production'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  await precompress(REFERENCE_DIR);
}

/**
 * The composed site (`npm start`'s servers from `base`) and, with `single`, the reference on
 * base + 90. Returns each site's origin by build name, the ports, `isOwn(url)` (one of these
 * servers: anything else is a host the bench answers empty), and `stop()`.
 */
export async function serveBenchSites({ base, single = true, label = 'bench' }) {
  requireBuilt(['shell/dist/index.html', 'page-service/dist/index.js']);
  // Built by npm run build, so imported only now.
  const { startPageService } = await import('../../page-service/dist/index.js');
  const ports = portsFromBase(base);
  const referencePort = base + 90;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`));
  const { stop } = await serveAll({ ports, quiet: true, apiEnv: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  const referenceServer = single
    ? await startPageService({
        shellDist: REFERENCE_DIR,
        // The shell's own document renderer draws the reference's page around its entry files
        // (bench-out/reference/entry-assets.json): the page service has no other way to draw one.
        prerenderDir: path.join(ROOT, 'shell', 'dist-prerender'),
        port: referencePort,
        overrides: { accountApiUrl: `http://localhost:${ports.api}` },
        serveAssets: true,
      })
    : null;
  const ownPorts = new Set([...Object.values(ports), referencePort].map(String));
  return {
    ports: { ...ports, reference: referencePort },
    isOwn: (url) => {
      const { hostname, port } = new URL(url);
      return hostname === 'localhost' && ownPorts.has(port);
    },
    builds: {
      federated: `http://localhost:${ports.shell}`,
      ...(single && { single: `http://localhost:${referencePort}` }),
    },
    stop: async () => {
      referenceServer?.close();
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
