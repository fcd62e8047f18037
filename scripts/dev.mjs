// `npm run dev`: every part with hot reload on the usual ports. The front ends run
// `rspack dev` (the shell serves public/config.json, which points at the remotes' dev servers);
// the API rebuilds and restarts on change.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['account-api', 'mf-catalog', 'mf-player', 'mf-account', 'shell'];
const COLORS = [33, 36, 35, 34, 32];

const children = PARTS.map((part, i) => {
  const child = spawn('npm', ['run', 'dev', '-w', part], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${COLORS[i]}m[${part}]\x1b[0m `;
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(prefix + line + '\n');
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => console.log(`${prefix}exited (${code})`));
  return child;
});

console.log('Dev servers starting: site http://localhost:8080 (remotes 8081-8083, API 8000). Ctrl+C stops all.');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(0);
  });
}
