// `npm start`: install what is missing, build for production, serve all five parts on their
// ports and print the site URL once everything answers. `--no-build` serves the last build.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The registry of parts (parts.json): node built-ins only, safe before anything is installed.
import parts from '../build-config/parts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Ports of architecture.md §7, from the registry of parts; each can be moved by an environment variable. */
export const defaultPorts = parts.defaultPorts;
/** Every port from one base: API on base, shell on base+80, remotes on base+81…. */
export const portsFromBase = parts.portsFromBase;

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${commandArgs.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

export async function waitFor(url, label, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs / 1000}s`);
}

export function ensureInstalled() {
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    console.log('Installing dependencies (npm ci)…');
    run('npm', ['ci']);
  }
}

export function buildAll() {
  console.log('Building every part for production…');
  run('npm', ['run', 'build', '--silent']);
}

/**
 * Serves the site (the page service, with the shell's files), the remotes' builds, and runs the account API.
 * @param {{ ports?: ReturnType<typeof defaultPorts>, apiEnv?: Record<string, string>, quiet?: boolean }} [options]
 */
export async function serveAll({ ports = defaultPorts(), apiEnv = {}, quiet = false } = {}) {
  // Imported here, not at the top: the page service is built by buildAll(), and its
  // dependencies may only just have been installed by ensureInstalled() on a fresh clone.
  const { configOverridesFrom, readPageServiceSettings, startPageService, startStaticFolder } =
    await import('../page-service/dist/index.js');
  const remoteNames = parts.registry.remotes.map((remote) => remote.container);
  // The page service's settings, read as its server reads them (a bad value stops the start, naming
  // it): the preview overrides' secret, the telemetry limits, the operator's `<REMOTE>_URL`, …
  const settings = readPageServiceSettings(process.env);
  const fromEnv = configOverridesFrom(settings, remoteNames);
  // The site's config follows the ports actually used, unless the operator set URLs.
  const configOverrides = {
    ...fromEnv,
    accountApiUrl: fromEnv.accountApiUrl ?? `http://localhost:${ports.api}`,
    remotes: { ...parts.localRemoteUrls(ports), ...(fromEnv.remotes ?? {}) },
  };
  const servers = await Promise.all([
    // The page service, serving the shell's files too (nginx does that in production).
    startPageService({
      shellDist: path.join(root, 'shell/dist'),
      port: ports.shell,
      settings,
      overrides: configOverrides,
      releasesDir: settings.RELEASES_DIR ?? undefined,
      serveAssets: true,
    }),
    ...parts.registry.remotes.map((remote) =>
      startStaticFolder({ name: remote.container, root: path.join(root, remote.folder, 'dist'), port: ports[remote.container] }),
    ),
  ]);
  const api = spawn(process.execPath, ['account-api/dist/server.js'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: {
      ...process.env,
      PORT: String(ports.api),
      CORS_ORIGINS: process.env.CORS_ORIGINS ?? `http://localhost:${ports.shell},http://127.0.0.1:${ports.shell}`,
      // A local run shows its mail at GET /__dev/outbox; the API refuses it under NODE_ENV=production.
      ...(/^production$/i.test(process.env.NODE_ENV?.trim() ?? '') ? {} : { DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1' }),
      ...apiEnv,
    },
  });
  // Never leave the API running behind a parent that died without calling stop().
  process.once('exit', () => api.kill('SIGTERM'));
  let stopping = false;
  const stop = () =>
    new Promise((resolve) => {
      stopping = true;
      for (const server of servers) server.close();
      if (api.exitCode !== null) return resolve(undefined);
      api.once('exit', () => resolve(undefined));
      api.kill('SIGTERM');
    });
  api.on('exit', (code, signal) => {
    if (!stopping) console.error(`account-api exited unexpectedly (${signal ?? code})`);
  });
  try {
    // An API that exits while starting (its port taken by a stale server, say) fails the start:
    // otherwise the stale server would answer the health check and the run would test it.
    const apiExited = new Promise((_, reject) =>
      api.once('exit', (code, signal) =>
        reject(new Error(`account-api exited while starting (${signal ?? code}): is port ${ports.api} taken?`)),
      ),
    );
    apiExited.catch(() => undefined); // it also settles at stop(), after the start is long done
    await Promise.all([
      Promise.race([waitFor(`http://localhost:${ports.api}/health`, 'account-api'), apiExited]),
      ...['shell', ...parts.registry.remotes.map((remote) => remote.container)].map((part) =>
        waitFor(`http://localhost:${ports[part]}/__health`, part),
      ),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, ports };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Set(process.argv.slice(2));
  ensureInstalled();
  if (!args.has('--no-build')) buildAll();
  const { stop, ports } = await serveAll();
  console.log(`\n✔ The site is ready: http://localhost:${ports.shell}\n`);
  const remotes = parts.registry.remotes.map((remote) => `${remote.container} :${ports[remote.container]}`).join(', ');
  console.log(`  remotes: ${remotes}; account API :${ports.api}`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      await stop();
      process.exit(0);
    });
  }
}
