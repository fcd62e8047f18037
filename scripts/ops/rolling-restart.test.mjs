// Two real account-api instances (the built server, one SQLite file) behind a small round-robin
// proxy that moves on to the other instance as nginx does with `proxy_next_upstream error`: when
// one refuses the connection, and for a GET also when the connection is reset before an answer
// (a connection queued on the listening socket at the moment the drain closes it). Each instance
// is restarted in turn under reads and sign-ins; the drain (SIGTERM: stop accepting, finish in
// flight) must leave no 5xx and no socket error.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { describeReport, isClean, loadDuringRestart, replaceProcess, waitForOk } from './rolling-restart.mjs';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../account-api');
const outdir = path.join(API, 'dist', `test-rolling-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rolling-restart-'));
const children = new Set();
let proxy;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function startApi(port) {
  const child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEV_OUTBOX: '1',
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DEADLINE_MS: '10000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Round-robin over `ports`; a refused connection (nothing was sent) goes to the next one, and so
 * does an idempotent request whose connection was reset before any answer (nginx's rule).
 */
function roundRobinProxy(ports) {
  const idempotent = new Set(['GET', 'HEAD', 'OPTIONS']);
  let turn = 0;
  return http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = turn++;
      const attempt = (tries) => {
        const port = ports[(first + tries) % ports.length];
        let answered = false;
        const upstream = http.request(
          { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent: false },
          (answer) => {
            answered = true;
            response.writeHead(answer.statusCode, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', (error) => {
          const next =
            error.code === 'ECONNREFUSED' || (error.code === 'ECONNRESET' && !answered && idempotent.has(request.method));
          if (next && tries + 1 < ports.length * 3) setTimeout(() => attempt(tries + 1), 20);
          else response.destroy(error);
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
}

const instances = [];
let base = '';

before(async () => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: API, encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  for (let i = 0; i < 2; i += 1) {
    const port = await freePort();
    instances.push({ port, child: startApi(port) });
    // One at a time: the first one creates and migrates the shared SQLite file.
    await waitForOk(`http://127.0.0.1:${port}/health`, 60_000);
  }
  proxy = roundRobinProxy(instances.map((instance) => instance.port));
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${proxy.address().port}`;
});

after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await new Promise((resolve) => proxy?.close(resolve) ?? resolve());
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const form = (fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** A verified account, made through the proxy with the dev outbox's code. */
async function verifiedPlayer(i) {
  const name = `rolling${process.pid}x${i}`;
  const player = {
    username: name,
    email: `${name}@example.com`,
    firstName: 'Roll',
    lastName: 'Ing',
    password: 'Tr0mbone-Kettle!',
  };
  assert.equal((await fetch(`${base}/register/`, form(player))).status, 201);
  let code;
  for (let tries = 0; !code && tries < 100; tries += 1) {
    const [mail] = await (await fetch(`${base}/__dev/outbox?to=${encodeURIComponent(player.email)}`)).json();
    code = mail?.code;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal((await fetch(`${base}/verify-email/`, form({ email: player.email, verification_code: code }))).status, 200);
  return player;
}

const login = (player) =>
  fetch(`${base}/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: player.username, password: player.password }),
  });

test('restarting each instance in turn under reads and sign-ins fails no request', { timeout: 240_000 }, async () => {
  const players = [];
  for (let i = 0; i < 6; i += 1) players.push(await verifiedPlayer(i));
  const { access_token: token } = await (await login(players[0])).json();

  const exitCodes = [];
  const report = await loadDuringRestart({
    readUrls: [`${base}/api/library`, `${base}/api/balance`, `${base}/health`],
    readHeaders: { authorization: `Bearer ${token}` },
    signIn: (n) => login(players[n % players.length]),
    concurrency: 4,
    signInEvery: 8,
    ratePerSecond: 25,
    maxRequests: 4000,
    maxSeconds: 200,
    restart: async () => {
      for (const instance of instances) {
        const replaced = await replaceProcess(
          instance.child,
          () => startApi(instance.port),
          `http://127.0.0.1:${instance.port}/health`,
        );
        instance.child = replaced.child;
        exitCodes.push(replaced.exitCode);
      }
    },
  });

  assert.ok(isClean(report), describeReport(report));
  assert.deepEqual(exitCodes, [0, 0], 'each instance drained and exited 0');
  assert.ok((report.signIns[200] ?? 0) > 0 && (report.reads[200] ?? 0) > 20, describeReport(report));
  console.log(`rolling restart of 2 instances: ${describeReport(report)}`);
});

test('refuses to aim load at anything but this machine', async () => {
  await assert.rejects(
    loadDuringRestart({ readUrls: ['http://example.com/'], restart: async () => {} }),
    /not a loopback address/,
  );
});
