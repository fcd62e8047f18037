// Proves `npm start` works on a fresh clone with nothing installed: clones this repository's
// committed HEAD into a temporary folder (no node_modules, no dist), runs `npm start` there,
// waits until the site answers on SHELL_PORT (8080), checks the home page and /config.json,
// then stops it. CI runs it as its own step; set SHELL_PORT, MF_*_PORT and ACCOUNT_API_PORT to
// run it next to other servers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parts from '../build-config/parts.js';

const ports = parts.defaultPorts();
const site = `http://localhost:${ports.shell}`;
const timeoutMs = Number(process.env.CLEAN_CLONE_TIMEOUT_S ?? 1200) * 1000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-clone-'));
const clone = path.join(dir, 'portal');

function cleanUp() {
  rmSync(dir, { recursive: true, force: true });
}

const cloned = spawnSync('git', ['clone', '--quiet', parts.ROOT, clone], { stdio: 'inherit' });
if (cloned.status !== 0) {
  cleanUp();
  throw new Error('git clone failed');
}
console.log(`== npm start in a clean clone (${clone}), waiting for ${site}`);
// Its own process group, so stopping it stops the servers it started too.
const start = spawn('npm', ['start'], {
  cwd: clone,
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, CI: 'true' },
});
const exited = new Promise((resolve) => start.on('exit', (code) => resolve(code)));

async function answered() {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const early = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('running'), 1000))]);
    if (early !== 'running') throw new Error(`npm start exited (${early}) before the site answered`);
    try {
      const home = await fetch(`${site}/`);
      if (home.ok) return home;
    } catch {
      // not up yet
    }
  }
  throw new Error(`the site did not answer at ${site} within ${timeoutMs / 1000}s`);
}

let failure;
try {
  const home = await answered();
  const html = await home.text();
  if (!html.includes('id="root"')) throw new Error('the home page is not the shell');
  const config = await (await fetch(`${site}/config.json`)).json();
  const remotes = parts.registry.remotes.map((remote) => remote.container);
  for (const name of remotes) {
    const manifest = await fetch(config.remotes[name]);
    if (!manifest.ok) throw new Error(`${name}'s manifest does not answer at ${config.remotes[name]}`);
  }
  console.log(`✔ a clean clone's npm start answers on ${site} with the shell and ${remotes.length} remotes`);
} catch (error) {
  failure = error;
} finally {
  try {
    process.kill(-start.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  cleanUp();
}
if (failure) {
  console.error(`✖ ${failure.message}`);
  process.exit(1);
}
