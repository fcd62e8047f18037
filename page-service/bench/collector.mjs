// `npm run bench -w page-service` (after the page rows) or `npm run bench:collector -w page-service`:
// the telemetry collector (POST /__telemetry) against its budget, beside a reference on the same
// server in the same run, and the bytes telemetry adds to the first visit of `/`. Prints figures
// and asserts nothing.
//
// The page service runs as production runs it (dist/server.js, one process, TRUST_PROXY_HOPS=1 as
// behind nginx), pinned to one core (BENCH_COLLECTOR_CPU, default 0); this process, the load
// generator (autocannon) and the stand-in remote hosts, is pinned to another (BENCH_LOAD_CPU,
// default 1). Each beacon is the body the shell's sender (shell/src/telemetry/telemetry-sender.ts)
// gives sendBeacon: text/plain JSON `{route, events}`, the events of one route of one page load.
// Each request carries another X-Forwarded-For from a pool of addresses (players behind nginx), so
// the per-address limit is exercised but no player sends more than the limit allows.
//
// Reports are counted, not requests: a report is one event (a view, an error, a vital), and a
// beacon carries one or more. Only reports in beacons answered 204 count.
//
// Needs `npm run build -w shell` (the shell's dist and dist-prerender) and the page service's
// dist. Ports: BENCH_PORT_BASE (default 5000) + 400 (the page service) and + 401 (the remotes).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { telemetryBytes } from './telemetry-bytes.mjs';
import { ERROR_KINDS, OTHER_LABEL, PageCache, ServiceMetrics, TELEMETRY_ROUTES, VITAL_NAMES } from '../dist/index.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(dir, '..', '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const base = Number(process.env.BENCH_PORT_BASE ?? 5000) + 400;
const COLLECTOR_CPU = process.env.BENCH_COLLECTOR_CPU ?? '0';
const LOAD_CPU = process.env.BENCH_LOAD_CPU ?? '1';
const BUDGET = { reportsPerSecond: 5000, p99Ms: 20, startupBytes: 3 * 1024 };
const shellDist = path.join(ROOT, 'shell', 'dist');
const parts = JSON.parse(readFileSync(path.join(ROOT, 'parts.json'), 'utf8'));

for (const file of [path.join(shellDist, 'index.html'), path.join(dir, '..', 'dist', 'server.js')])
  if (!existsSync(file)) {
    console.error(
      `${path.relative(ROOT, file)} is missing: run \`npm run build -w shell\` and \`npm run build -w page-service\` first.`,
    );
    process.exit(1);
  }

// --- The bytes telemetry adds to `/` (the build, no server needed).
const bytes = telemetryBytes(shellDist);
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log('\nClient telemetry on the first visit of `/` (shell/dist, brotli 11 as served):');
console.log('| what | bytes | budget |\n|---|---|---|');
console.log(
  `| start-up: telemetry's code in ${bytes.startup.chunks.join(', ')} (${kb(bytes.startup.minified)} minified; the chunk is ${kb(bytes.startup.chunkBrotli)}) | ${kb(bytes.startup.brotli)} | ≤ ${kb(BUDGET.startupBytes)} ${bytes.startup.brotli <= BUDGET.startupBytes ? 'met' : 'MISSED'} |`,
);
console.log(
  `| loaded when idle, after start-up: ${bytes.idle.chunks.join(', ')} (web-vitals, the sender) | ${kb(bytes.idle.brotli)} | – |`,
);

// --- A scrape of /metrics with every telemetry label set the collector may make: each part, its
// 8 build ids kept (known-labels.ts) and `other`, each route and `other`, each error kind and
// vital. Label values come from fixed sets, so this is the most a scrape can cost (decision 0035).
function worstScrape() {
  const metrics = new ServiceMetrics(new PageCache());
  const versions = [OTHER_LABEL, ...Array.from({ length: 8 }, (_, i) => `1.0.${i}+0123abcd`)];
  for (const remote of ['shell', ...parts.remotes.map(({ container }) => container)])
    for (const version of versions)
      for (const route of [...TELEMETRY_ROUTES, OTHER_LABEL]) {
        metrics.views.inc({ remote, version, route });
        metrics.cls.observe({ remote, version, route }, 0.01);
        for (const kind of ERROR_KINDS) metrics.errors.inc({ remote, version, route, kind });
        for (const name of VITAL_NAMES) if (name !== 'CLS') metrics.vitalsMs.observe({ remote, version, route, name }, 300);
      }
  return metrics.registry;
}

// --- Pinning: the collector on one core, the load on another, when the host has two.
const canPin = os.availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
if (canPin) spawnSync('taskset', ['-a', '-p', '-c', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });

// --- The remotes' manifests (their build ids are the labels the collector accepts).
const buildOf = (manifestFile, fallback) => {
  try {
    const version = JSON.parse(readFileSync(manifestFile, 'utf8'))?.metaData?.buildInfo?.buildVersion;
    return typeof version === 'string' ? version : fallback;
  } catch {
    return fallback;
  }
};
const builds = { shell: buildOf(path.join(shellDist, 'mf-manifest.json'), '') };
const manifests = new Map();
for (const { container, folder } of parts.remotes) {
  // The remote's own build when there is one; else a manifest naming a build id, which is all the collector reads.
  const file = path.join(ROOT, folder, 'dist', 'mf-manifest.json');
  builds[container] = buildOf(file, `bench-${container}`);
  manifests.set(
    `/${container}/mf-manifest.json`,
    existsSync(file)
      ? readFileSync(file, 'utf8')
      : JSON.stringify({ id: container, name: container, metaData: { buildInfo: { buildVersion: builds[container] } } }),
  );
}
const remotesHost = http.createServer((request, response) => {
  const body = manifests.get(request.url ?? '');
  response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ?? '{}');
});
await new Promise((resolve) => remotesHost.listen(base + 1, '127.0.0.1', resolve));

const work = mkdtempSync(path.join(os.tmpdir(), 'collector-bench-'));
const config = JSON.parse(readFileSync(path.join(shellDist, 'config.json'), 'utf8'));
config.remotes = Object.fromEntries(
  parts.remotes.map(({ container }) => [container, `http://127.0.0.1:${base + 1}/${container}/mf-manifest.json`]),
);
writeFileSync(path.join(work, 'config.json'), JSON.stringify(config));

// BENCH_CPU_PROF=<folder>: the service writes a V8 CPU profile there when it stops (node --cpu-prof).
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
const serverArgs = [...profile, path.join(dir, '..', 'dist', 'server.js')];
const service = spawn(
  ...(canPin ? ['taskset', ['-c', COLLECTOR_CPU, process.execPath, ...serverArgs]] : [process.execPath, serverArgs]),
  {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(base),
      SHELL_DIST: shellDist,
      PRERENDER_DIR: path.join(ROOT, 'shell', 'dist-prerender'),
      CONFIG_FILE: path.join(work, 'config.json'),
      TRUST_PROXY_HOPS: '1',
    },
    // Its log (errors, and the 1 % sample of raw reports) is written as in production, then
    // dropped, or kept in BENCH_SERVICE_LOG.
    stdio: ['ignore', process.env.BENCH_SERVICE_LOG ? openSync(process.env.BENCH_SERVICE_LOG, 'w') : 'ignore', 'inherit'],
  },
);
const site = `http://127.0.0.1:${base}`;

/** The page load's events, as the sender makes them (the build is the part's, read from its manifest). */
const ROUTE_PARTS = {
  '/': 'mf_catalog',
  '/all-games': 'mf_catalog',
  '/categories/:categoryName': 'mf_catalog',
  '/game/:gameId': 'mf_player',
  '/profile': 'mf_account',
};
const ROUTES = Object.keys(ROUTE_PARTS);
const view = (route) => ({ type: 'view', part: ROUTE_PARTS[route], build: builds[ROUTE_PARTS[route]] });
const vitals = (route, i) =>
  [
    ['TTFB', 180 + (i % 300)],
    ['FCP', 900 + (i % 1200)],
    ['LCP', 1400 + (i % 2600)],
    ['CLS', (i % 7) / 100],
    ['INP', 40 + (i % 400)],
  ].map(([name, value]) => ({ type: 'vital', part: ROUTE_PARTS[route], build: builds[ROUTE_PARTS[route]], name, value }));
const error = (route) => ({
  type: 'error',
  part: ROUTE_PARTS[route],
  build: builds[ROUTE_PARTS[route]],
  kind: 'render',
  message: "TypeError: Cannot read properties of undefined (reading 'thumbnail')",
});

/**
 * The mix of beacons over 20 page loads, at the runtime config's default rates: every load sends
 * its view (errors at 100 %), 2 in 20 also their five Web Vitals (vitals at 10 %), 1 in 20 an error.
 */
function realisticMix() {
  const bodies = [];
  for (let i = 0; i < 20; i += 1) {
    const route = ROUTES[i % ROUTES.length];
    const events = [view(route)];
    if (i === 3 || i === 16) events.push(...vitals(route, i * 37));
    if (i === 7) events.push(error(route));
    bodies.push({ route, events });
  }
  return bodies;
}
/** The largest batch the sender sends: 40 events of one route (a long visit, vitals sampled). */
function fullBatches() {
  return ROUTES.map((route, r) => {
    const events = [];
    for (let i = 0; events.length < 40; i += 1) events.push(...(i % 3 === 0 ? vitals(route, i + r) : [view(route)]));
    return { route, events: events.slice(0, 40) };
  });
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
/** CPU seconds the page service has used (user + system), from /proc: what a report costs it, whatever else runs on the host. */
function serviceCpu() {
  try {
    const fields = readFileSync(`/proc/${service.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
/** Around a run: the service's CPU seconds and this process's (the load generator's) share of its core. */
async function measured(run) {
  const cpu = serviceCpu();
  const own = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(own);
  const spent = serviceCpu() - cpu;
  return { ...result, serviceCpu: spent, serviceShare: spent / wall, loadShare: (used.user + used.system) / 1e6 / wall };
}

/**
 * Client addresses: a pool larger than the addresses the collector remembers (100,000), so its
 * bound is reached and kept during the runs, as on a busy day; no address sends more than its limit.
 */
const ADDRESSES = 250_000;
const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Bodies the collector must refuse at no more cost than a good one: the schema broken in the last event, and too large. */
function brokenBatches() {
  return realisticMix()
    .filter(({ events }) => events.length > 1)
    .map(({ route, events }) => ({ route, events: [...events.slice(0, -1), { ...events.at(-1), type: 'shout' }] }));
}
const tooLarge = () => [JSON.stringify({ route: '/', events: [error('/')], padding: 'x'.repeat(17 * 1024) })];

/** The headers of a beacon from a phone's Chrome, as nginx passes it on (deploy/nginx.conf). */
const BEACON_HEADERS = {
  host: 'playverse.games',
  'content-type': 'text/plain;charset=UTF-8',
  origin: 'https://playverse.games',
  referer: 'https://playverse.games/game/5',
  'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  accept: '*/*',
  'accept-language': 'en-GB,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-site': 'same-origin',
  'x-forwarded-proto': 'https',
};

/** One run: beacons from `bodies` in turn, each from the next address; reports counted on 204. */
function collect(bodies, options) {
  return measured(() => collectRun(bodies, options));
}
async function collectRun(bodies, { rate, oneAddress = false } = {}) {
  const prepared = bodies.map((batch) => ({
    body: typeof batch === 'string' ? batch : JSON.stringify(batch),
    reports: typeof batch === 'string' ? 0 : batch.events.length,
  }));
  let next = 0;
  let reports = 0;
  let sentReports = 0;
  const statuses = {};
  const result = await autocannon({
    url: `${site}/__telemetry`,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const n = next;
          next += 1;
          const beacon = prepared[n % prepared.length];
          context.reports = beacon.reports;
          sentReports += beacon.reports;
          return {
            ...request,
            body: beacon.body,
            headers: {
              ...BEACON_HEADERS,
              'x-forwarded-for': oneAddress ? '203.0.113.7' : addressOf(n % ADDRESSES),
              'x-request-id': n.toString(16).padStart(32, '0'),
            },
          };
        },
        onResponse: (status, _body, context) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 204) reports += context.reports;
        },
      },
    ],
  });
  return {
    reports,
    beaconsPerSecond: (statuses[204] ?? 0) / result.duration,
    answeredPerSecond: Object.values(statuses).reduce((sum, count) => sum + count, 0) / result.duration,
    reportsPerSecond: reports / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    reportsPerBeacon: sentReports / Math.max(1, next),
  };
}

function reference() {
  return measured(async () => {
    // The same request headers as a beacon's, so the difference is the body and the collector.
    const headers = Object.fromEntries(Object.entries(BEACON_HEADERS).filter(([name]) => name !== 'content-type'));
    const result = await autocannon({ url: `${site}/livez`, connections, duration: seconds, headers });
    const answered = Object.values(result.statusCodeStats ?? {}).reduce((sum, { count }) => sum + count, 0);
    return { answered, requestsPerSecond: answered / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
  });
}

/** The reports the collector counted (views, errors, vitals), from its /metrics. */
async function countedReports() {
  const text = await (await fetch(`${site}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n'))
    if (
      /^(telemetry_page_views_total|telemetry_client_errors_total|telemetry_web_vital_seconds_count|telemetry_cls_count)\{/.test(
        line,
      )
    )
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  return total;
}

/** How busy the host is (other work on the same cores moves every figure): load and CPU pressure. */
function hostLoad() {
  const pressure = /avg10=([\d.]+)/.exec(existsSync('/proc/pressure/cpu') ? readFileSync('/proc/pressure/cpu', 'utf8') : '')?.[1];
  return `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores${pressure ? `, CPU pressure ${pressure} %` : ''}`;
}

const whole = (n) => Math.round(n).toLocaleString('en');

try {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (service.exitCode !== null) throw new Error(`the page service exited (${service.exitCode})`);
    const ready = await fetch(`${site}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the page service did not get ready in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Warm: the collector reads the build ids, the JIT sees the path.
  const loadBefore = hostLoad();
  const before = await countedReports();
  const runs = [await collect(realisticMix(), { rate: 500 })];
  const mix = await collect(realisticMix());
  runs.push(mix);
  if (profile.length > 0) {
    // A profile of the saturated realistic run alone, so it shows what a beacon costs.
    console.log(
      `\nProfiled the realistic mix alone: ${whole(mix.reportsPerSecond)} reports/s, ` +
        `${whole(mix.reports / mix.serviceCpu)} reports per CPU-second of the service; the profile is in ${process.env.BENCH_CPU_PROF}.`,
    );
  } else {
    const refBefore = await reference();
    // The budget's load and 5 % more, so the first second's ramp cannot hide a shortfall.
    const offered = BUDGET.reportsPerSecond * 1.05;
    // Prometheus scrapes each instance (every 15 s by default): one scrape halfway through this row.
    const scrape = new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2)).then(async () => {
      const started = performance.now();
      const text = await (await fetch(`${site}/metrics`)).text();
      return { ms: performance.now() - started, lines: text.split('\n').length, kb: text.length / 1024 };
    });
    const atBudget = await collect(realisticMix(), { rate: Math.round(offered / mix.reportsPerBeacon) });
    const scraped = await scrape;
    const full = await collect(fullBatches());
    const broken = await collect(brokenBatches());
    const large = await collect(tooLarge());
    const flood = await collect(realisticMix(), { oneAddress: true });
    const refAfter = await reference();
    runs.push(full, atBudget);
    const counted = (await countedReports()) - before;
    const accepted = runs.reduce((sum, r) => sum + r.reports, 0);

    console.log(
      `\nCollector (POST /__telemetry), ${connections} connections, ${seconds} s each; the page service ` +
        `${canPin ? `pinned to core ${COLLECTOR_CPU}, the load to core ${LOAD_CPU}` : 'NOT pinned (fewer than 2 cores or no taskset)'}. ` +
        'Reports are events (a view, an error, a vital); a beacon carries one or more. ' +
        `Host: ${loadBefore} before, ${hostLoad()} after.`,
    );
    console.log(
      '| what | beacons/s | reports/s | p50 | p99 | CPU: service / load generator (share of its core) | reports per CPU-second of the service | statuses | budget: 5,000 reports/s, p99 ≤ 20 ms |\n|---|---|---|---|---|---|---|---|---|',
    );
    const shares = (r) => `${Math.round(r.serviceShare * 100)} % / ${Math.round(r.loadShare * 100)} %`;
    const row = (label, r, judged) =>
      console.log(
        `| ${label} | ${whole(r.beaconsPerSecond)} | ${whole(r.reportsPerSecond)} | ${r.p50} ms | ${r.p99} ms | ${shares(r)} | ${whole(r.reports / r.serviceCpu)} | ${JSON.stringify(r.statuses)}${r.errors ? `, ${r.errors} socket errors` : ''} | ${judged} |`,
      );
    const verdict = (r) =>
      r.reportsPerSecond >= BUDGET.reportsPerSecond && r.p99 <= BUDGET.p99Ms
        ? 'met'
        : `MISSED (${r.reportsPerSecond >= BUDGET.reportsPerSecond ? 'p99' : 'reports/s'})`;
    const refRow = (label, r) =>
      console.log(
        `| ${label} | ${whole(r.requestsPerSecond)} requests/s | – | ${r.p50} ms | ${r.p99} ms | ${shares(r)} | ${whole(r.answered / r.serviceCpu)} requests | – | – |`,
      );
    refRow("reference: GET /livez on the same server, with a beacon's headers, before", refBefore);
    row(`realistic mix (${mix.reportsPerBeacon.toFixed(2)} reports/beacon), as fast as it answers`, mix, verdict(mix));
    row(`realistic mix offered at ${whole(offered)} reports/s (the budget + 5 %)`, atBudget, verdict(atBudget));
    row('full batches (40 reports/beacon), as fast as it answers', full, verdict(full));
    const refusedRow = (label, r, latency = `${r.p50} ms | ${r.p99} ms`) =>
      console.log(
        `| ${label} | ${whole(r.answeredPerSecond)} answered/s | 0 | ${latency} | ${shares(r)} | – | ${JSON.stringify(r.statuses)}${r.errors ? `, ${r.errors} socket errors` : ''} | – |`,
      );
    refusedRow('hostile: the schema broken in the last event (400)', broken);
    // The service answers before reading a body over the cap and closes the connection (it does
    // not read what it refused), so autocannon's latency there is mostly its own reconnecting.
    refusedRow('hostile: 17 KB bodies, over the 16 KB cap (400, connection closed)', large, '– | –');
    refusedRow('hostile: every beacon from one address (429 past its burst)', flood);
    refRow('reference: GET /livez, after', refAfter);
    console.log(
      `\nA /metrics scrape halfway through the budget's row: ${Math.round(scraped.ms)} ms, ${whole(scraped.lines)} lines ` +
        `(${scraped.kb.toFixed(0)} KB), with the label sets these runs made.`,
    );
    // Timed here, in this process, on the load generator's core: CPU of the rendering alone.
    const registry = worstScrape();
    const costs = [];
    let worstText = '';
    for (let i = 0; i < 5; i += 1) {
      const cpu = process.cpuUsage();
      worstText = await registry.metrics();
      const used = process.cpuUsage(cpu);
      costs.push((used.user + used.system) / 1000);
    }
    costs.sort((a, b) => a - b);
    console.log(
      `A /metrics scrape with every telemetry label set filled (the bound): ${whole(worstText.split('\n').length)} lines ` +
        `(${(worstText.length / 1024).toFixed(0)} KB), ${costs[2].toFixed(0)} ms of CPU (median of 5) during which the service answers nothing.`,
    );
    console.log(
      `Reports the collector counted in /metrics during the runs (warm-up included): ${whole(counted)}; in beacons answered 204: ` +
        `${whole(accepted)} (beacons still in flight when a run ended are counted by the service, not by autocannon).`,
    );
  }
} finally {
  const exited = new Promise((resolve) => (service.exitCode === null ? service.once('exit', resolve) : resolve()));
  service.kill('SIGTERM');
  await exited;
  remotesHost.close();
  rmSync(work, { recursive: true, force: true });
}
