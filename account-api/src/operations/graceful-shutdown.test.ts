import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@portal/shared-contracts/account';
import { createOwnDatabase } from '../testing/own-database';
import { buildOnce, removeBuild, startBuiltServer, type BuiltServer } from '../testing/built-server';
import { newPlayer } from '../testing/test-server';
import { until } from '../testing/wait';

/**
 * The real built server (node dist/server.js) under a signal: a sign-up whose body is still
 * arriving when SIGTERM comes is answered, while new connections are already refused; a request
 * that never ends cannot hold the process past SHUTDOWN_DEADLINE_MS.
 */
let outdir = '';
let database: Awaited<ReturnType<typeof createOwnDatabase>> = null;
const dataDirs: string[] = [];

// Starting the built server takes seconds on a busy machine: these tests wait for it.
beforeAll(async () => {
  outdir = buildOnce('shutdown');
  database = await createOwnDatabase('shutdown_test');
});
afterAll(async () => {
  removeBuild(outdir);
  await database?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<BuiltServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-shutdown-'));
  dataDirs.push(dataDir);
  return startBuiltServer(outdir, {
    DATA_DIR: dataDir,
    DEV_OUTBOX: '1',
    MAIL_POLL_MS: '50',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
}

/**
 * A sign-up sent over a raw socket: the headers and the first half of the body now, the rest on
 * demand. It asks for `100 Continue`, which Node's server sends once it has the headers and has
 * handed the request on: from then on the request is in flight (`inFlight`).
 */
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

async function slowSignUp(port: number) {
  const player = newPlayer('drain');
  const body = new URLSearchParams(player).toString();
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let answer = '';
  let continued: () => void = () => undefined;
  const inFlight = new Promise<void>((resolve) => (continued = resolve));
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('utf8');
    if (answer.startsWith(CONTINUE)) continued();
  });
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      resolve();
    }),
  );
  socket.on('error', () => undefined);
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${API_PATHS.register} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      'Expect: 100-continue\r\n' +
      `Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    inFlight,
    finish: () => socket.write(body.slice(half)),
    /** The final answer, after the interim `100 Continue`. */
    answer: () => (answer.startsWith(CONTINUE) ? answer.slice(CONTINUE.length) : answer),
    closed,
    destroy: () => socket.destroy(),
  };
}

/** Whether a new TCP connection to the port is refused right now. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'ECONNREFUSED');
    });
  });
}

it('on SIGTERM refuses new connections, finishes the request in flight, closes everything and exits 0', async () => {
  const server = await start({ SHUTDOWN_DEADLINE_MS: '20000' });
  const request = await slowSignUp(server.port);
  await request.inFlight;
  server.child.kill('SIGTERM');

  await until('new connections refused', () => refused(server.port));
  expect(server.child.exitCode).toBeNull(); // still draining: the sign-up is not finished
  request.finish();
  await request.closed; // `Connection: close`: the server ends the kept-alive connection itself
  expect(request.answer()).toMatch(/^HTTP\/1\.1 201 /);
  expect(request.answer()).toMatch(/\r\nconnection: close\r\n/i);

  const { code } = await server.exited;
  expect(code).toBe(0);
  const log = server.output();
  expect(log).toContain('shutting down: refusing new connections, finishing requests in flight');
  expect(log).toContain('"signal":"SIGTERM"');
  expect(log).toContain('shut down cleanly');
  expect(log).not.toContain('shutdown deadline passed');
}, 60_000);

it('exits by SHUTDOWN_DEADLINE_MS with a log line when a request never finishes (SIGINT alike)', async () => {
  const server = await start({ SHUTDOWN_DEADLINE_MS: '1500' });
  const request = await slowSignUp(server.port);
  await request.inFlight;
  server.child.kill('SIGINT');
  await until('new connections refused', () => refused(server.port));

  const { code } = await server.exited; // the body never comes: only the deadline ends the wait
  request.destroy();
  expect(code).toBe(1);
  const log = server.output();
  expect(log).toContain('"signal":"SIGINT"');
  expect(log).toContain('shutdown deadline passed: exiting with requests or connections still open');
  expect(log).toContain('"deadlineMs":1500');
  expect(log).toContain('"openConnections":1');
  expect(log).not.toContain('shut down cleanly');
}, 60_000);
