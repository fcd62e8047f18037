// `npm start`: install what is missing, build for production, serve all five parts on their
// ports and print the site URL once everything answers. `--no-build` serves the last build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

export const PORTS = {
  shell: Number(process.env.SHELL_PORT ?? 8080),
  mf_catalog: Number(process.env.MF_CATALOG_PORT ?? 8081),
  mf_player: Number(process.env.MF_PLAYER_PORT ?? 8082),
  mf_account: Number(process.env.MF_ACCOUNT_PORT ?? 8083),
  api: Number(process.env.ACCOUNT_API_PORT ?? 8000),
};

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${commandArgs.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

async function waitFor(url, label, timeoutMs = 60_000) {
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

export async function startAll({ build = true, quiet = false } = {}) {
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    console.log('Installing dependencies (npm ci)…');
    run('npm', ['ci']);
  }
  if (build) {
    console.log('Building every part for production…');
    run('npm', ['run', 'build', '--silent']);
  }
  const { startStaticServer } = await import('./static-server.mjs');
  const servers = await Promise.all([
    startStaticServer({ name: 'shell', root: path.join(root, 'shell/dist'), port: PORTS.shell, spa: true, serveConfig: true }),
    startStaticServer({ name: 'mf_catalog', root: path.join(root, 'mf-catalog/dist'), port: PORTS.mf_catalog }),
    startStaticServer({ name: 'mf_player', root: path.join(root, 'mf-player/dist'), port: PORTS.mf_player }),
    startStaticServer({ name: 'mf_account', root: path.join(root, 'mf-account/dist'), port: PORTS.mf_account }),
  ]);
  const api = spawn(process.execPath, ['account-api/dist/server.js'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: { ...process.env, PORT: String(PORTS.api) },
  });
  const stop = () => {
    api.kill('SIGTERM');
    for (const server of servers) server.close();
  };
  api.on('exit', (code, signal) => {
    if (signal !== 'SIGTERM' && code !== 0) console.error(`account-api exited (${signal ?? code})`);
  });
  await Promise.all([
    waitFor(`http://localhost:${PORTS.api}/health`, 'account-api'),
    ...['shell', 'mf_catalog', 'mf_player', 'mf_account'].map((part) => waitFor(`http://localhost:${PORTS[part]}/__health`, part)),
  ]);
  return { stop, api };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { stop } = await startAll({ build: !args.has('--no-build') });
  console.log(`\n✔ The site is ready: http://localhost:${PORTS.shell}\n`);
  console.log(`  remotes: catalogue :${PORTS.mf_catalog}, player :${PORTS.mf_player}, account :${PORTS.mf_account}; account API :${PORTS.api}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { stop(); process.exit(0); });
}
