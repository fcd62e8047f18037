// `npm run dev`: every part with hot reload on the usual ports. The front ends run
// `rspack dev` (the shell serves public/config.json, which points at the remotes' dev servers);
// the API rebuilds and restarts on change.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import parts from '../build-config/parts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { registry } = parts;
// The API and the remotes first, the shell last (from the registry of parts, parts.json).
const PARTS = [registry.api.folder, ...registry.remotes.map((remote) => remote.folder), registry.shell.folder];
const COLORS = [33, 36, 35, 34, 32, 31, 37];

const children = PARTS.map((part, i) => {
  const child = spawn('npm', ['run', 'dev', '-w', part], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${COLORS[i % COLORS.length]}m[${part}]\x1b[0m `;
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(prefix + line + '\n');
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => console.log(`${prefix}exited (${code})`));
  return child;
});

const remotePorts = registry.remotes.map((remote) => remote.port).join(', ');
console.log(
  `Dev servers starting: site http://localhost:${registry.shell.port} (remotes ${remotePorts}, API ${registry.api.port}). Ctrl+C stops all.`,
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(0);
  });
}
