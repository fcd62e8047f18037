import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { until } from './wait';

const WORKSPACE = path.resolve(__dirname, '..', '..');

/**
 * Builds dist/server.js and dist/operations.js into a folder of the calling test file's own, under
 * dist/ (so the workspace's node_modules resolve), and returns it. Removed by `removeBuild`.
 */
export function buildOnce(name: string): string {
  const outdir = path.join(WORKSPACE, 'dist', `test-${name}-${String(process.pid)}`);
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: WORKSPACE, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  return outdir;
}

export function removeBuild(outdir: string): void {
  fs.rmSync(outdir, { recursive: true, force: true });
}

/** A port nobody listens on right now (the system's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** The built server as a child process: its port, its output so far, and its exit. */
export interface BuiltServer {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node <outdir>/server.js` on 127.0.0.1 with `env` added, and waits for /health. */
export async function startBuiltServer(outdir: string, env: Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), PASSWORD_HASH_COST: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const url = `http://127.0.0.1:${String(port)}`;
  await until(
    `the built server answering on ${url}/health`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
      return fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    30_000,
  );
  return { child, port, url, output: () => output, exited };
}

/** Runs `node <outdir>/operations.js <args>` to its end: exit code and output. */
export function runOperation(outdir: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(outdir, 'operations.js'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
