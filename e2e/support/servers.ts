import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import registry from '../../parts.json';

export const ROOT = path.resolve(__dirname, '..', '..');

/** Waits for a server of this harness to answer its health path (/__health; the API's /livez). */
async function healthy(port: number, child: ChildProcess, label: string, healthPath = '/__health'): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}${healthPath}`)).ok) return;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${label} on ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

/**
 * Throws when something already listens on the port: its /__health would answer for a server of
 * ours that failed to start (another worker's copy of the same test, a leftover process).
 */
async function portFree(port: number, label: string): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`${label}: port ${port} is already taken`) : error),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** A server of this harness; stop() resolves once its process has gone and its port is free again. */
export interface RunningServer {
  stop: () => Promise<void>;
}

async function spawnServer(
  label: string,
  port: number,
  script: string,
  args: string[],
  env: Record<string, string>,
  healthPath?: string,
): Promise<RunningServer> {
  await portFree(port, label);
  const child = spawnNode(script, args, env);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await healthy(port, child, label, healthPath);
  return {
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

function spawnNode(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
}

/** Serves a remote's folder the way every remote is served (page-service/dist/serve-folder.js), until stop(). */
export async function serveFolder(folder: string, port: number): Promise<RunningServer> {
  return spawnServer('static folder', port, 'page-service/dist/serve-folder.js', [folder, String(port)], {});
}

/** Runs the page service on a shell build (and its files), as its own process, until stop(). */
export async function servePages(shellDist: string, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  return spawnServer('page service', port, 'page-service/dist/server.js', [], {
    SHELL_DIST: shellDist,
    PORT: String(port),
    SERVE_ASSETS: '1',
    LOG_LEVEL: 'warn',
    ...env,
  });
}

/** Runs an account API of a test's own (its own database in `env.DATA_DIR`), as its own process, until stop(). */
export async function serveApi(port: number, env: Record<string, string>): Promise<RunningServer> {
  return spawnServer(
    'account api',
    port,
    'account-api/dist/server.js',
    [],
    { PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '14', ...env },
    '/livez',
  );
}

/**
 * `<REMOTE>_URL` for each remote of the registry at this harness's own port, but those a test
 * steers itself (`except`, by container): what a page service of a test needs to draw whole pages.
 */
export function harnessRemoteUrls(
  ports: Readonly<Record<string, number>>,
  except: readonly string[] = [],
): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const { container } of registry.remotes)
    if (!except.includes(container))
      urls[`${container.toUpperCase()}_URL`] = `http://localhost:${ports[container]}/mf-manifest.json`;
  return urls;
}

/** Runs a command from the repository root; throws with its output when it fails. */
export function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): string {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Replaces a folder's content by another's: a deploy that deletes the old files (a CDN purge). */
export function replaceFolder(target: string, source: string): void {
  for (const entry of readdirSync(target)) rmSync(path.join(target, entry), { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
}

/** An additive deploy: the new build's files over the old ones, manifest and entry last. */
export function deployAdditively(target: string, source: string): void {
  const entries = ['remoteEntry.js', 'mf-manifest.json'];
  for (const entry of readdirSync(source))
    if (!entries.includes(entry)) cpSync(path.join(source, entry), path.join(target, entry), { recursive: true });
  for (const entry of entries) cpSync(path.join(source, entry), path.join(target, entry));
}

/** sha256 of every file of a folder, by relative path. */
export function folderDigest(folder: string): Record<string, string> {
  const digest: Record<string, string> = {};
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else
        digest[`${prefix}${entry.name}`] = createHash('sha256')
          .update(readFileSync(path.join(dir, entry.name)))
          .digest('hex');
    }
  };
  walk(folder, '');
  return digest;
}
