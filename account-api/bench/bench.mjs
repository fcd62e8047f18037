// `npm run bench -w account-api`: starts the built server on a throw-away SQLite file and
// prints throughput and latency figures. It asserts nothing; run it before and after a change.
// Build first (`npm run build -w account-api`).
import { spawn } from 'node:child_process';
import { scrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8790);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-bench-'));

const server = spawn(process.execPath, [path.join(dir, 'dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

async function waitForHealth() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet: try again
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start (did you run npm run build -w account-api?)');
}

async function signedInToken() {
  const player = { username: 'bench', email: 'bench@example.com', firstName: 'Bench', lastName: 'Mark', password: 'Passw0rd!' };
  await fetch(`${base}/register/`, { method: 'POST', body: new URLSearchParams(player) });
  const [mail] = await (await fetch(`${base}/__dev/outbox?to=${player.email}`)).json();
  await fetch(`${base}/verify-email/`, {
    method: 'POST',
    body: new URLSearchParams({ email: player.email, verification_code: mail.code }),
  });
  const login = await fetch(`${base}/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: player.email, password: player.password }),
  });
  return (await login.json()).access_token;
}

function row(label, result) {
  const { requests, latency, non2xx, errors } = result;
  return `${label.padEnd(28)} ${String(Math.round(requests.average)).padStart(7)} req/s   p50 ${String(latency.p50).padStart(4)} ms   p99 ${String(latency.p99).padStart(4)} ms   non-2xx ${non2xx}   errors ${errors}`;
}

async function hashesPerSecond(logN, seconds = 2) {
  const derive = promisify(scrypt);
  const options = { N: 2 ** logN, r: 8, p: 1, maxmem: 256 * 2 ** logN * 8 };
  const salt = randomBytes(16);
  const until = Date.now() + seconds * 1000;
  let count = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await derive('Passw0rd!', salt, 64, options);
      count += 1;
    }
  };
  // Node's thread pool runs four scrypt calls at a time by default.
  await Promise.all([worker(), worker(), worker(), worker()]);
  return count / seconds;
}

try {
  await waitForHealth();
  const token = await signedInToken();
  const auth = { authorization: `Bearer ${token}` };
  console.log(
    `account-api bench: ${duration}s per route, 20 connections, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}\n`,
  );
  const runs = [
    ['GET /health', { url: `${base}/health` }],
    ['POST /get-user-info/', { url: `${base}/get-user-info/`, method: 'POST', headers: auth }],
    ['GET /api/balance', { url: `${base}/api/balance`, headers: auth }],
    ['POST /api/save_profile', { url: `${base}/api/save_profile?city=Paris&country=France`, method: 'POST', headers: auth }],
  ];
  for (const [label, options] of runs) {
    const result = await autocannon({ ...options, connections: 20, duration });
    console.log(row(label, result));
  }
  // Sign-in is bounded by scrypt by design (and rate-limited), so measure the hash itself.
  const perSecond = await hashesPerSecond(15);
  console.log(`\nscrypt N=2^15 (one sign-in)   ${perSecond.toFixed(1)} hashes/s on 4 threads`);
} finally {
  stop();
}
