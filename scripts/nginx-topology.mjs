// The production topology, for real: deploy/nginx.conf serving the four front ends as static
// folders and proxying the API to two account-api instances on one PostgreSQL (DATABASE_URL,
// given by scripts/with-postgres.sh), then the Playwright suite of e2e/topology against it.
// Run through `npm run test:nginx` (scripts/test-nginx-topology.sh). Ports from
// TOPOLOGY_PORT_BASE (default 7000): nginx on base+90 (shell), +91… (remotes), +99 (API);
// the API instances on base+1 and base+2.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parts from '../build-config/parts.js';
import { waitFor } from './start.mjs';

const { ROOT, registry } = parts;
const base = Number(process.env.TOPOLOGY_PORT_BASE ?? 7000);
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set: run through scripts/test-nginx-topology.sh (npm run test:nginx)');
  process.exit(2);
}

// Every default port of deploy/nginx.conf → this run's port.
const nginxPorts = { shell: base + 90, api: base + 99 };
registry.remotes.forEach((remote, i) => (nginxPorts[remote.container] = base + 91 + i));
const apiPorts = [base + 1, base + 2];

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
const srv = path.join(dir, 'srv');
const children = [];
let nginxConf;

function stopAll() {
  if (nginxConf) spawnSync('nginx', ['-p', dir, '-c', nginxConf, '-s', 'stop'], { stdio: 'ignore' });
  for (const child of children) child.kill('SIGTERM');
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

// 1. Builds (a fresh machine has none) and the static folders, as a deploy uploads them.
const folders = [registry.shell.folder, ...registry.remotes.map((r) => r.folder)];
if (process.env.TOPOLOGY_SKIP_BUILD !== '1' || folders.some((f) => !existsSync(path.join(ROOT, f, 'dist'))))
  run('npm', ['run', 'build']);
if (!existsSync(path.join(ROOT, registry.api.folder, 'dist', 'server.js')))
  run('npm', ['run', 'build', '-w', registry.api.folder]);
for (const folder of folders) cpSync(path.join(ROOT, folder, 'dist'), path.join(srv, folder), { recursive: true });
const shellConfig = JSON.parse(readFileSync(path.join(ROOT, registry.shell.folder, 'dist', 'config.json'), 'utf8'));
writeFileSync(
  path.join(srv, 'config.json'),
  JSON.stringify({
    ...shellConfig,
    accountApiUrl: `http://localhost:${nginxPorts.api}`,
    remotes: Object.fromEntries(
      registry.remotes.map((r) => [r.container, `http://localhost:${nginxPorts[r.container]}/mf-manifest.json`]),
    ),
  }),
);

// 2. deploy/nginx.conf with this run's ports and folders; nginx's workers must read them.
let conf = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8')
  .replaceAll('/srv/portal/', `${srv}/`)
  .replaceAll('/run/', `${dir}/`)
  .replaceAll('/var/log/nginx/', `${dir}/`)
  .replaceAll('/var/cache/portal-nginx/', `${dir}/cache/`)
  .replace(/listen 8080;/, `listen ${nginxPorts.shell};`)
  .replace(/listen 8000;/, `listen ${nginxPorts.api};`)
  .replace('server 127.0.0.1:8001 ', `server 127.0.0.1:${apiPorts[0]} `)
  .replace('server 127.0.0.1:8002 ', `server 127.0.0.1:${apiPorts[1]} `);
for (const remote of registry.remotes) conf = conf.replace(`listen ${remote.port};`, `listen ${nginxPorts[remote.container]};`);
nginxConf = path.join(dir, 'nginx.conf');
writeFileSync(nginxConf, conf);
mkdirSync(path.join(dir, 'cache'), { recursive: true });
chmodSync(dir, 0o755);
run('nginx', ['-t', '-q', '-p', dir, '-c', nginxConf]);
run('nginx', ['-p', dir, '-c', nginxConf]);

// 3. Two API instances on the same PostgreSQL, one after the other (the first migrates).
const apiEnv = {
  ...process.env,
  DATA_DIR: path.join(dir, 'api-data'),
  JWT_SECRET: 'topology-test-secret-0123456789abcdef',
  DEV_OUTBOX: '1',
  TRUST_PROXY_HOPS: '1',
  CORS_ORIGINS: `http://localhost:${nginxPorts.shell}`,
  SITE_URL: `http://localhost:${nginxPorts.shell}`,
  LOG_LEVEL: 'warn',
};
for (const port of apiPorts) {
  const api = spawn(process.execPath, [path.join(ROOT, registry.api.folder, 'dist', 'server.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...apiEnv, PORT: String(port), HOST: '127.0.0.1' },
  });
  children.push(api);
  await waitFor(`http://127.0.0.1:${port}/health`, `account-api on ${port}`);
}
try {
  await waitFor(`http://localhost:${nginxPorts.shell}/__health`, 'nginx', 15_000);
  await waitFor(`http://localhost:${nginxPorts.api}/health`, 'the API through nginx', 15_000);
} catch (error) {
  const log = path.join(dir, 'portal-error.log');
  if (existsSync(log)) console.error(readFileSync(log, 'utf8').split('\n').slice(-20).join('\n'));
  throw error;
}
console.log(`== nginx ${JSON.stringify(nginxPorts)}, API instances ${apiPorts.join(', ')}, ${process.env.DATABASE_URL}`);

// 4. The browser tests against nginx.
const playwright = spawn(
  path.join(ROOT, 'node_modules', '.bin', 'playwright'),
  ['test', '-c', 'topology.config.ts', ...process.argv.slice(2)],
  {
    cwd: path.join(ROOT, 'e2e'),
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: `http://localhost:${nginxPorts.shell}`,
      E2E_API_URL: `http://localhost:${nginxPorts.api}`,
      E2E_PORTS: JSON.stringify(nginxPorts),
      E2E_API_INSTANCES: JSON.stringify(apiPorts.map((port) => `http://127.0.0.1:${port}`)),
    },
  },
);
const code = await new Promise((resolve) => playwright.on('exit', (status) => resolve(status ?? 1)));
stopAll();
rmSync(dir, { recursive: true, force: true });
process.exit(code);
