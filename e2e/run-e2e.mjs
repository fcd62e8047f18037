// `npm run e2e`: the Playwright suite against the composed production build and the real API.
// Installs Debian's Chromium when missing, builds (unless E2E_SKIP_BUILD=1), serves every
// part on ports from E2E_PORT_BASE (default 7000, so a running `npm start` is not disturbed),
// runs Playwright with any extra arguments, then stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll, ensureInstalled, portsFromBase, serveAll } from '../scripts/start.mjs';
import { CHROMIUM_EXECUTABLE } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM = CHROMIUM_EXECUTABLE;

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it: sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

ensureChromium();
ensureInstalled();
if (process.env.E2E_SKIP_BUILD !== '1') buildAll();

const ports = portsFromBase(Number(process.env.E2E_PORT_BASE ?? 7000));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const shellOrigins = [
  'localhost',
  '127.0.0.1',
  'playverse.games',
  'www.playverse.games',
  'gamenest.fun',
  'play.gamenest.fun',
  'other-host.test',
]
  .map((host) => `http://${host}:${ports.shell}`)
  .join(',');

let exitCode = 1;
const { stop } = await serveAll({
  ports,
  quiet: process.env.E2E_API_LOGS !== '1',
  // PASSWORD_HASH_COST: scrypt 2^14 instead of the production 2^17, so the suite's many sign-ins stay quick.
  apiEnv: {
    DATA_DIR: dataDir,
    CORS_ORIGINS: shellOrigins,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: '14',
    DEV_OUTBOX: '1',
  },
});
try {
  // Async spawn: this process also serves the site, so it must not block while Playwright runs.
  const playwright = spawn(path.join(here, '..', 'node_modules', '.bin', 'playwright'), ['test', ...process.argv.slice(2)], {
    cwd: here,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: `http://localhost:${ports.shell}`,
      E2E_API_URL: `http://localhost:${ports.api}`,
      E2E_PORTS: JSON.stringify(ports),
    },
  });
  exitCode = await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
