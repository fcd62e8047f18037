// `npm run bench -w account-api`: the API's hot path beside the framework's own limit, in one run.
//
// Starts a bare Fastify with the same route shape (bare-server.mjs) and the built API on a
// throw-away SQLite file, and, when DATABASE_URL is set, a second API on PostgreSQL (with
// REDIS_URL passed through when set). Each is driven by autocannon in turn, round after round,
// so a busy machine slows them alike and the ratio to bare Fastify stays meaningful.
// Then: sign-in (bound by password hashing), forgot-password and refresh, one call at a time, for
// known and unknown addresses side by side; and the breached-password list's cost (load, memory,
// one lookup), measured on the API's own module in a child process.
// It prints figures and asserts nothing.
//
// Environment: BENCH_PORT_BASE (8790), BENCH_SECONDS (8 per run), BENCH_ROUNDS (2),
// BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL (info), BENCH_CPU_PROF=<dir> (write a V8 CPU profile
// of each API server there; read it with bench/profile-summary.mjs), BENCH_BASELINE=<server.js>
// (another build of the API, e.g. the previous commit's, run on SQLite beside this one),
// BENCH_FORGOT_CALLS (20: forgot-password calls per kind; one more account per 4 known calls),
// BENCH_TRACING (1: also the SQLite API with tracing on, its spans exported over OTLP to a local
// sink in this process, beside the same build with tracing off; 0 leaves it out),
// BENCH_TRACE_SHARES (0.1,0.05,0.01: the shares of traces kept, OTEL_TRACES_SAMPLER_ARG, one traced
// API each, beside the one that keeps every trace).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { SamplingDecision, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portBase = Number(process.env.BENCH_PORT_BASE ?? 8790);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const cpuProfDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const databaseUrl = process.env.DATABASE_URL || null;
const redisUrl = process.env.REDIS_URL || null;
const baseline = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;
const forgotCount = Number(process.env.BENCH_FORGOT_CALLS ?? 20);
const tracingSideBySide = process.env.BENCH_TRACING !== '0';
/** The services' share when OTEL_TRACES_SAMPLER_ARG is unset (service-tracing/src/tracing.ts). */
const DEFAULT_TRACE_SHARE = 0.05;
const traceShares = (process.env.BENCH_TRACE_SHARES ?? '0.1,0.05,0.01').split(',').filter(Boolean).map(Number);
/** How many different edge traces the bench's requests take turns with. */
const TRACE_POOL = 400;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-bench-'));

const children = [];
function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', () => {
  stopAll();
  fs.rmSync(scratch, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

/** Starts a server process; its log lines go to a file, as they would to a collector in production. */
function startServer(name, args, env) {
  const log = path.join(scratch, `${name}.log`);
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, 'inherit'] });
  children.push(child);
  return { name, child, log, base: `http://127.0.0.1:${env.PORT}` };
}

async function waitForHealth(server) {
  for (let i = 0; i < 200; i += 1) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited with ${server.child.exitCode}`);
    try {
      if ((await fetch(`${server.base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.name} did not answer /health`);
}

function stopServer(server) {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });
}

function startApi(name, port, extraEnv, entry = path.join(dir, 'dist/server.js')) {
  const dataDir = path.join(scratch, name);
  const args = [];
  if (cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=${name}.cpuprofile`);
  args.push(entry);
  return startServer(name, args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    NODE_ENV: 'development',
    DEV_OUTBOX: '1',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extraEnv,
  });
}

async function post(server, route, body, headers = {}) {
  const isForm = body instanceof URLSearchParams;
  const response = await fetch(`${server.base}${route}`, {
    method: 'POST',
    headers: isForm ? headers : { 'content-type': 'application/json', ...headers },
    body: isForm ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** Registers and verifies a player through the dev outbox. */
async function newPlayer(server, id) {
  const player = { username: id, email: `${id}@example.com`, firstName: 'Bench', lastName: 'Mark', password: 'Tr0mbone-Kettle!' };
  const registered = await post(server, '/register/', new URLSearchParams(player));
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const [mail] = await (await fetch(`${server.base}/__dev/outbox?to=${player.email}`)).json();
  const verified = await post(
    server,
    '/verify-email/',
    new URLSearchParams({ email: player.email, verification_code: mail.code }),
  );
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return player;
}

async function signIn(server, player) {
  const login = await post(server, '/login/', { username: player.email, password: player.password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body;
}

/** User + system CPU time of a process so far, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Calls one at a time; returns the median wall time in ms and the server CPU time per call. */
async function sequential(server, count, call) {
  const times = [];
  const cpuBefore = cpuMs(server.child.pid);
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  const cpuAfter = cpuMs(server.child.pid);
  return { p50: median(times), cpuPerCall: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / count };
}

/**
 * Two kinds of call in turns, the first of each pair alternating (a b, b a, a b, ...), so a busy
 * moment of the machine, or work one call leaves behind for the next, weighs on both alike: the
 * medians compare what the server does, not when it ran.
 */
async function interleaved(count, callA, callB, status) {
  const a = [];
  const b = [];
  for (let i = 0; i < count; i += 1) {
    const pair = [
      [callA, a],
      [callB, b],
    ];
    if (i % 2 === 1) pair.reverse();
    for (const [call, times] of pair) {
      const start = performance.now();
      const answer = await call(i);
      times.push(performance.now() - start);
      // A 429 would be fast and would flatter the figure: every call must get the real answer.
      if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
  return { a: median(a), b: median(b) };
}

/**
 * The breached-password check as the API runs it (src/security/breached-passwords.ts, bundled
 * here), in a fresh process so its memory is its own: load time, heap kept, RSS, one lookup.
 */
async function breachedListCost() {
  const bundle = path.join(scratch, 'breached-passwords.cjs');
  await esbuild.build({
    absWorkingDir: dir,
    entryPoints: ['src/security/breached-passwords.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['fxa-common-password-list'],
    logLevel: 'silent',
  });
  const probe = `
    const mb = (bytes) => bytes / (1024 * 1024);
    global.gc();
    const before = process.memoryUsage();
    const list = require(${JSON.stringify(bundle)});
    const t0 = performance.now();
    const kept = list.loadBreachedPasswords();
    const loadMs = performance.now() - t0;
    const loaded = process.memoryUsage();
    global.gc();
    const afterLoad = process.memoryUsage();
    // V8 keeps the last matched text for RegExp.input: the whole file, until any other match
    // succeeds (in the server, the next request's). Measure the list itself after one.
    /y/.test('y');
    global.gc();
    const after = process.memoryUsage();
    const samples = ['P@ssw0rd1', 'Tr0mbone-Kettle!', 'Password1!', 'N3w-passw0rd!'];
    let hits = 0;
    for (let i = 0; i < 100000; i += 1) if (list.isBreachedPassword(samples[i & 3])) hits += 1;
    const n = 1000000;
    const t1 = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) if (list.isBreachedPassword(samples[i & 3])) hits += 1;
    const lookupNs = Number(process.hrtime.bigint() - t1) / n;
    console.log(JSON.stringify({
      kept: kept.size, loadMs, lookupNs, hits,
      heapKeptMb: mb(after.heapUsed - before.heapUsed),
      heapUntilNextMatchMb: mb(afterLoad.heapUsed - before.heapUsed),
      rssAtLoadMb: mb(loaded.rss - before.rss),
      rssAfterMb: mb(after.rss - before.rss),
    }));`;
  const child = spawn(process.execPath, ['--expose-gc', '-e', probe], {
    // The bundle sits in a temporary folder: let it find the list's package in this workspace.
    env: {
      ...process.env,
      NODE_PATH: [path.join(dir, 'node_modules'), path.join(dir, '..', 'node_modules')].join(path.delimiter),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`breached-list probe exited with ${code}`);
  return JSON.parse(out);
}

async function drive(target, duration) {
  const cpuBefore = cpuMs(target.pid);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url: target.url, connections, duration, ...target.options });
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = cpuMs(target.pid);
  const answered = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    // Server CPU per answered request: steadier than req/s when other work shares the cores.
    cpuUs: cpuBefore === null || cpuAfter === null || answered === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / answered,
    // autocannon runs in this process, beside (not inside) the servers: its CPU per request shows
    // whether the load generator, not the server, sets the pace (it does for bare Fastify on 2 cores).
    clientUs: answered === 0 ? null : (client.user + client.system) / answered,
  };
}

/**
 * Where the traced API sends its spans: an OTLP/HTTP endpoint that reads each export and counts
 * its spans (as a collector's receiver would), then answers 200.
 */
async function startSpanSink(port) {
  const sink = { url: `http://127.0.0.1:${port}`, exports: 0, spans: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      sink.exports += 1;
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? []) sink.spans += (scope.spans ?? []).length;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  sink.close = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

const fmt = (n, digits = 0) =>
  n === null || n === undefined
    ? 'n/a'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pad = (text, width, left = false) => (left ? String(text).padEnd(width) : String(text).padStart(width));

try {
  const ports = { bare: portBase, sqlite: portBase + 1, pg: portBase + 2 };
  const buildReadsRedis = fs.readFileSync(path.join(dir, 'dist/server.js'), 'utf8').includes('REDIS_URL');
  const apis = [{ label: 'SQLite', server: startApi('sqlite', ports.sqlite, {}) }];
  if (baseline) apis.push({ label: 'SQLite, baseline', server: startApi('baseline', portBase + 3, {}, baseline) });
  // The same build with tracing on (decision 0059): every request's spans exported to the sink.
  const sink = tracingSideBySide ? await startSpanSink(portBase + 5) : null;
  if (sink) {
    const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_SERVICE_NAME: 'account-api-bench' };
    apis.push({
      label: 'SQLite, traced',
      hotPathOnly: true,
      server: startApi('traced', portBase + 4, { ...traced, OTEL_TRACES_SAMPLER_ARG: '1' }),
    });
    traceShares.forEach((share, index) =>
      apis.push({
        label: `SQLite, ${+(share * 100).toFixed(2)} % traced`,
        hotPathOnly: true,
        share,
        server: startApi(`sampled${index}`, portBase + 6 + index, { ...traced, OTEL_TRACES_SAMPLER_ARG: String(share) }),
      }),
    );
  }
  if (databaseUrl) {
    const withRedis = redisUrl && buildReadsRedis;
    apis.push({
      label: withRedis ? 'PostgreSQL + Redis' : 'PostgreSQL',
      server: startApi('pg', ports.pg, { DATABASE_URL: databaseUrl, REDIS_URL: withRedis ? redisUrl : '' }),
    });
  }
  await Promise.all(apis.map((api) => api.server).map(waitForHealth));

  const stamp = Date.now().toString(36);
  for (const api of apis) {
    api.player = await newPlayer(api.server, `bench${stamp}${api.server.name}`);
    api.tokens = await signIn(api.server, api.player);
  }
  // The bare server answers the very body the API gives the bench player, so the two differ only
  // in the work behind it.
  const { body: benchUser } = await post(
    apis[0].server,
    '/get-user-info/',
    {},
    { authorization: `Bearer ${apis[0].tokens.access_token}` },
  );
  const bare = startServer('bare', [path.join(dir, 'bench/bare-server.mjs')], {
    PORT: String(ports.bare),
    BARE_USER: JSON.stringify(benchUser),
  });
  await waitForHealth(bare);

  const targets = [
    {
      key: 'bare',
      label: 'bare Fastify',
      route: 'POST user',
      url: `${bare.base}/get-user-info/`,
      options: { method: 'POST' },
      pid: bare.child.pid,
    },
  ];
  // Every API request carries a traceparent as nginx sends it (a trace of its own, its id the
  // request id, flag sampled), from a pool built once (autocannon builds each request's bytes
  // once per connection), so the load generator does no more work per request; whether a trace
  // is kept is the API's own decision on that id, as in production. The pool holds random ids in
  // the proportions of the shares measured (of 400: 4 kept at 1 %, 40 at 10 %), so each share is
  // measured at its nominal rate, not at a small pool's chance rate.
  const shareOf = (traceId) =>
    [...traceShares]
      .sort((a, b) => a - b)
      .find(
        (share) =>
          new TraceIdRatioBasedSampler(share).shouldSample(ROOT_CONTEXT, traceId).decision ===
          SamplingDecision.RECORD_AND_SAMPLED,
      ) ?? 1;
  const wanted = new Map();
  let below = 0;
  for (const share of [...traceShares, 1].sort((a, b) => a - b)) {
    wanted.set(share, Math.round(share * TRACE_POOL) - below);
    below = Math.round(share * TRACE_POOL);
  }
  const edgeTraces = [];
  while (edgeTraces.length < TRACE_POOL) {
    const traceId = randomUUID().replaceAll('-', '');
    const share = shareOf(traceId);
    if (wanted.get(share) > 0) {
      wanted.set(share, wanted.get(share) - 1);
      edgeTraces.push({ traceId, traceparent: `00-${traceId}-${traceId.slice(0, 16)}-01` });
    }
  }
  // A list per target: autocannon keeps each request's built bytes on its object.
  const edgeRequests = () => edgeTraces.map(({ traceparent }) => ({ headers: { traceparent } }));
  for (const api of apis) {
    const headers = { authorization: `Bearer ${api.tokens.access_token}` };
    const pid = api.server.child.pid;
    targets.push(
      {
        key: `${api.server.name}-info`,
        label: api.label,
        route: 'get-user-info',
        url: `${api.server.base}/get-user-info/`,
        options: { method: 'POST', headers, requests: edgeRequests() },
        pid,
      },
      {
        key: `${api.server.name}-balance`,
        label: api.label,
        route: 'balance',
        url: `${api.server.base}/api/balance`,
        options: { method: 'GET', headers, requests: edgeRequests() },
        pid,
      },
    );
  }

  const load = os.loadavg()[0];
  console.log(
    `account-api bench: ${connections} connections, ${seconds} s per run, ${rounds} rounds side by side, API logging at ${logLevel}`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, load average ${load.toFixed(1)} at start${load > 1 ? ' (shared machine: compare ratios, not absolute figures)' : ''}`,
  );
  if (databaseUrl && redisUrl && !buildReadsRedis)
    console.log('note: this build does not read REDIS_URL, so the PostgreSQL figures run with in-memory limits');
  if (databaseUrl && !redisUrl) console.log('note: REDIS_URL not set: PostgreSQL with in-memory limits');

  // Warm-up: let the JIT settle on every path before measuring.
  for (const target of targets) await drive(target, 2);

  const results = Object.fromEntries(targets.map((target) => [target.key, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) results[target.key].push(await drive(target, seconds));
  }

  const rows = targets.map((target) => {
    const runs = results[target.key];
    return {
      target,
      rps: median(runs.map((run) => run.rps)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      cpuUs: runs.some((run) => run.cpuUs === null) ? null : median(runs.map((run) => run.cpuUs)),
      clientUs: runs.some((run) => run.clientUs === null) ? null : median(runs.map((run) => run.clientUs)),
      ratios: runs.map((run, round) => run.rps / results.bare[round].rps),
      bad: runs.reduce((sum, run) => sum + run.bad, 0),
    };
  });
  const bareCpu = rows[0].cpuUs;
  const columns = [
    ['server', 18, (row) => row.target.label, true],
    ['route', 13, (row) => row.target.route, true],
    ['req/s', 7, (row) => fmt(row.rps)],
    ['p50 ms', 6, (row) => fmt(row.p50)],
    ['p99 ms', 6, (row) => fmt(row.p99)],
    [
      '× bare (each round)',
      24,
      (row) =>
        row.target.key === 'bare' ? '1' : `${fmt(median(row.ratios), 2)} (${row.ratios.map((r) => fmt(r, 2)).join(', ')})`,
      true,
    ],
    ['CPU µs/req', 10, (row) => fmt(row.cpuUs)],
    ['CPU × bare', 10, (row) => (row.cpuUs && bareCpu ? fmt(bareCpu / row.cpuUs, 2) : 'n/a')],
    ['client µs/req', 13, (row) => fmt(row.clientUs)],
    ['non-2xx', 7, (row) => String(row.bad)],
  ];
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(
    '\nreq/s ratios are per round (same moment for both); "CPU × bare" = bare\'s server CPU per request / this one\'s,',
  );
  console.log("the capacity ratio on a dedicated core (PostgreSQL's own CPU is not counted in its rows).");
  console.log('"client µs/req" is autocannon\'s own CPU per request (this process); with the server it shares the cores.');
  console.log('');
  console.log(line(columns.map(([title, width, , left]) => pad(title, width, left))));
  console.log(line(columns.map(([, width, , left]) => (left ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`))));
  for (const row of rows) console.log(line(columns.map(([, width, value, left]) => pad(value(row), width, left))));

  if (sink) {
    // Tracing's cost on the hot path, side by side in this run: the budget is 10 % at most.
    const rowOf = (name) => rows.find((row) => row.target.key === `${name}-info`);
    const off = rowOf('sqlite');
    console.log(
      `\ntracing on the hot path (get-user-info, SQLite; each request with a traceparent as nginx sends it, sampled flag set; ` +
        `${fmt(sink.spans)} spans in ${fmt(sink.exports)} OTLP exports to the local sink): ` +
        `off ${fmt(off.rps)} req/s, ${fmt(off.cpuUs)} µs CPU/req`,
    );
    const sampled = apis.filter((api) => api.share !== undefined);
    for (const [name, label] of [
      ['traced', 'on, every trace kept (OTEL_TRACES_SAMPLER_ARG=1)'],
      ...sampled.map((api) => {
        // The share of the pool's trace ids the API keeps (its decision is the SDK's ratio sampler's).
        const ratio = new TraceIdRatioBasedSampler(api.share);
        const kept = edgeTraces.filter(
          ({ traceId }) => ratio.shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED,
        ).length;
        return [
          api.server.name,
          `on, ${+(api.share * 100).toFixed(2)} % of traces kept (OTEL_TRACES_SAMPLER_ARG=${api.share}${api.share === DEFAULT_TRACE_SHARE ? ', the default' : ''}; ` +
            `${fmt((kept / TRACE_POOL) * 100, 1)} % of the bench's trace ids)`,
        ];
      }),
    ]) {
      const on = rowOf(name);
      const cpu = off.cpuUs && on.cpuUs ? fmt((on.cpuUs / off.cpuUs - 1) * 100, 1) : 'n/a';
      console.log(
        `${label}: ${fmt(on.rps)} req/s, ${fmt(on.cpuUs)} µs CPU/req: ${fmt((1 - on.rps / off.rps) * 100, 1)} % fewer req/s, ${cpu} % more CPU per request (budget: ≤ 10 %)`,
      );
    }
    if (baseline) {
      const before = rowOf('baseline');
      console.log(
        `tracing off vs the baseline build: ${fmt((1 - off.rps / before.rps) * 100, 1)} % fewer req/s, ` +
          `${off.cpuUs && before.cpuUs ? fmt((off.cpuUs / before.cpuUs - 1) * 100, 1) : 'n/a'} % more CPU per request (budget: none)`,
      );
    }
  }

  // One call at a time: sign-in costs one password hash by design, so its ceiling is hashing-bound.
  console.log('');
  for (const api of apis.filter((each) => !each.hotPathOnly)) {
    const server = api.server;
    const known = await newPlayer(server, `bench${stamp}${server.name}k`);
    const wrong = await newPlayer(server, `bench${stamp}${server.name}w`);
    const count = 8;
    const ok = await sequential(server, count, async () => {
      const { status } = await post(server, '/login/', { username: known.email, password: known.password });
      if (status !== 200) throw new Error(`login answered ${status}`);
    });
    const wrongPassword = await sequential(server, count, () =>
      post(server, '/login/', { username: wrong.email, password: 'Wrong-Passw0rd!' }),
    );
    const unknown = await sequential(server, count, (i) =>
      post(server, '/login/', { username: `nobody${stamp}${i}@example.com`, password: 'Wrong-Passw0rd!' }),
    );
    let refreshToken = api.tokens.refresh_token;
    const refresh = await sequential(server, 20, async () => {
      const answer = await post(server, '/api/refresh-token', { refresh_token: refreshToken });
      if (answer.status !== 200) throw new Error(`refresh answered ${answer.status}`);
      refreshToken = answer.body.refresh_token;
    });
    const ceiling = ok.cpuPerCall ? 1000 / ok.cpuPerCall : null;
    console.log(
      `${api.label} login: p50 ${fmt(ok.p50, 1)} ms, server CPU ${fmt(ok.cpuPerCall, 1)} ms per login -> ceiling ${fmt(ceiling)} logins/s per core`,
    );
    console.log(
      `${api.label} login medians: known account + right password ${fmt(ok.p50, 1)} ms, known + wrong password ${fmt(wrongPassword.p50, 1)} ms, unknown account ${fmt(unknown.p50, 1)} ms`,
    );
    console.log(`${api.label} refresh: p50 ${fmt(refresh.p50, 2)} ms, server CPU ${fmt(refresh.cpuPerCall, 2)} ms per refresh`);
    // Known addresses take turns, four calls each (5 requests per address and 15 min); every unknown one is new.
    const knownEmails = [known.email, wrong.email];
    for (let i = 2; i < Math.ceil(forgotCount / 4); i += 1)
      knownEmails.push((await newPlayer(server, `bench${stamp}${server.name}f${i}`)).email);
    const forgot = await interleaved(
      forgotCount,
      (i) => post(server, '/forgot-password/', new URLSearchParams({ email: knownEmails[i % knownEmails.length] })),
      (i) => post(server, '/forgot-password/', new URLSearchParams({ email: `nobody${stamp}f${i}@example.com` })),
      200,
    );
    // A fresh account: the 8 wrong sign-ins above used up most of wrong's 10 per 15 min.
    const paired = await newPlayer(server, `bench${stamp}${server.name}p`);
    const loginPair = await interleaved(
      count,
      () => post(server, '/login/', { username: paired.email, password: 'Wrong-Passw0rd!' }),
      (i) => post(server, '/login/', { username: `nobody${stamp}l${i}@example.com`, password: 'Wrong-Passw0rd!' }),
      400,
    );
    console.log(
      `${api.label} known vs unknown address, calls taking turns (p50): forgot-password ${fmt(forgot.a, 2)} vs ${fmt(forgot.b, 2)} ms (${forgotCount} each); wrong sign-in ${fmt(loginPair.a, 1)} vs ${fmt(loginPair.b, 1)} ms (${count} each)`,
    );
  }

  const breached = await breachedListCost();
  console.log(
    `\nbreached-password list (top 1M, ${fmt(breached.kept)} entries kept): load ${fmt(breached.loadMs)} ms once per process, ` +
      `heap kept ${fmt(breached.heapKeptMb, 1)} MB (${fmt(breached.heapUntilNextMatchMb, 1)} MB until the next regex match lets go of the file text), ` +
      `RSS +${fmt(breached.rssAtLoadMb, 1)} MB while loading (+${fmt(breached.rssAfterMb, 1)} MB after GC); ` +
      `lookup ${fmt(breached.lookupNs)} ns per password (isBreachedPassword, 1,000,000 calls)`,
  );

  for (const api of apis) {
    const lines = fs.readFileSync(api.server.log, 'utf8').split('\n').filter(Boolean);
    const sample = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.route === '/get-user-info/')
      .at(-1);
    if (sample) console.log(`\n${api.label} log line per request, e.g.: ${JSON.stringify(sample)}`);
  }
  await Promise.all([bare, ...apis.map((api) => api.server)].map(stopServer));
  await sink?.close();
  if (cpuProfDir) console.log(`\nCPU profiles in ${cpuProfDir} (node bench/profile-summary.mjs <file>)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
