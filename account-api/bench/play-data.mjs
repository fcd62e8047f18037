// `npm run bench -w account-api` (second part): play-event ingestion and the stats snapshot.
//
// Starts the built API on a throw-away SQLite file and, when DATABASE_URL and REDIS_URL are set,
// a second one on PostgreSQL + Redis. Each gets a year of plays seeded (every game, every day)
// and votes, then:
//  - ingestion: autocannon POSTs "play started" events, each from a random address (through a
//    trusted proxy hop, so the per-address limit is exercised but not hit) and a device from a
//    pool, so most count and some are deduped;
//  - the trending query: the stats snapshot computed afresh (a counted play empties the cache
//    first), one call at a time.
// Prints figures beside the references; asserts nothing.
//
// Environment: BENCH_PORT_BASE (8790; this uses base+10 and base+11), BENCH_SECONDS (8),
// BENCH_CONNECTIONS (50).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portBase = Number(process.env.BENCH_PORT_BASE ?? 8790) + 10;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.DATABASE_URL || null;
const redisUrl = process.env.REDIS_URL || null;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'play-data-bench-'));
/** References: what the issue's players need, with room (one play per page view). */
const REFERENCE = { ingestRps: 1000, ingestP99Ms: 50, statsMs: 20 };
const GAME_IDS = JSON.parse(fs.readFileSync(path.join(dir, '../shared-contracts/src/catalogue/games.json'), 'utf8')).map(
  (game) => game.id,
);
const DAYS = 365;

const children = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(scratch, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

function startApi(name, port, env) {
  const dataDir = path.join(scratch, name);
  const out = fs.openSync(path.join(scratch, `${name}.log`), 'w');
  const child = spawn(process.execPath, [path.join(dir, 'dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      REDIS_URL: '',
      TRUST_PROXY_HOPS: '1',
      ...env,
    },
    stdio: ['ignore', out, 'inherit'],
  });
  children.push(child);
  return { name, child, dataDir, base: `http://127.0.0.1:${port}` };
}

async function waitForHealth(server) {
  for (let i = 0; i < 300; i += 1) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited with ${server.child.exitCode}`);
    if (
      await fetch(`${server.base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.name} did not answer /health`);
}

function seedRows() {
  const today = Date.now();
  const plays = [];
  for (const gameId of GAME_IDS)
    for (let d = 0; d < DAYS; d += 1)
      plays.push([gameId, new Date(today - d * 86_400_000).toISOString().slice(0, 10), 1 + ((gameId * 7 + d) % 40)]);
  const votes = [];
  for (const gameId of GAME_IDS)
    for (let v = 0; v < 50; v += 1)
      votes.push([`d:seed${gameId}x${v}`, gameId, v % 5 === 0 ? -1 : 1, new Date(today).toISOString()]);
  return { plays, votes };
}

async function seed(server) {
  const { plays, votes } = seedRows();
  if (server.name === 'sqlite') {
    const db = new BetterSqlite3(path.join(server.dataDir, 'account.sqlite'));
    db.pragma('busy_timeout = 5000');
    const insertPlay = db.prepare('insert into game_play_days (game_id, day, plays) values (?, ?, ?)');
    const insertVote = db.prepare('insert into game_votes (voter, game_id, vote, updated_at) values (?, ?, ?, ?)');
    db.transaction(() => {
      for (const row of plays) insertPlay.run(...row);
      for (const row of votes) insertVote.run(...row);
    })();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('delete from game_play_days');
  await client.query('delete from game_votes');
  for (let i = 0; i < plays.length; i += 1000) {
    const chunk = plays.slice(i, i + 1000);
    await client.query(
      `insert into game_play_days (game_id, day, plays) values ${chunk.map((_, j) => `($${j * 3 + 1}, $${j * 3 + 2}, $${j * 3 + 3})`).join(',')}`,
      chunk.flat(),
    );
  }
  for (let i = 0; i < votes.length; i += 1000) {
    const chunk = votes.slice(i, i + 1000);
    await client.query(
      `insert into game_votes (voter, game_id, vote, updated_at) values ${chunk.map((_, j) => `($${j * 4 + 1}, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4})`).join(',')}`,
      chunk.flat(),
    );
  }
  await client.end();
}

const devicePool = Array.from({ length: 20_000 }, () => randomUUID().replace(/-/g, ''));
let sent = 0;
async function ingest(server) {
  const result = await autocannon({
    url: `${server.base}/api/plays`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          sent += 1;
          const deviceId = devicePool[sent % devicePool.length];
          const gameId = GAME_IDS[(sent * 31) % GAME_IDS.length];
          return {
            ...request,
            // The low bits first: consecutive events come from different /24s, under the daily bounds (decision 0054).
            headers: { ...request.headers, 'x-forwarded-for': `10.${sent & 255}.${(sent >> 8) & 255}.${(sent >> 16) & 255}` },
            body: JSON.stringify({ gameId, deviceId }),
          };
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function freshStats(server, count = 60) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    // A counted play empties the instance's snapshot cache: the next read computes it again.
    await fetch(`${server.base}/api/plays`, {
      method: 'POST',
      // One /24 per play: past the daily bound (decision 0054) a play would not count, nor empty the cache.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.${Math.floor(i / 250) % 250}.${i % 250}.1` },
      body: JSON.stringify({ gameId: GAME_IDS[0], deviceId: randomUUID().replace(/-/g, '') }),
    });
    const start = performance.now();
    const response = await fetch(`${server.base}/api/stats/games`);
    await response.json();
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

try {
  const apis = [{ label: 'SQLite', server: startApi('sqlite', portBase, {}) }];
  if (databaseUrl && redisUrl)
    apis.push({
      label: 'PostgreSQL + Redis',
      server: startApi('pg', portBase + 1, { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl }),
    });
  else console.log('(DATABASE_URL and REDIS_URL not both set: SQLite only)');
  await Promise.all(apis.map((api) => waitForHealth(api.server)));
  for (const api of apis) await seed(api.server);

  console.log(`\nPlay data (${GAME_IDS.length} games x ${DAYS} days of plays seeded, ${connections} connections, ${seconds} s)`);
  console.log('store                 ingest req/s   p99 ms   non-2xx   stats fresh p50 / p99 ms');
  for (const api of apis) {
    const ingestion = await ingest(api.server);
    const stats = await freshStats(api.server);
    console.log(
      `${api.label.padEnd(20)}  ${fmt(ingestion.rps).padStart(12)}   ${fmt(ingestion.p99).padStart(6)}   ${String(ingestion.bad).padStart(7)}   ${fmt(stats.p50, 1)} / ${fmt(stats.p99, 1)}`,
    );
  }
  console.log(
    `reference             ${`>= ${fmt(REFERENCE.ingestRps)}`.padStart(12)}   ${`<= ${REFERENCE.ingestP99Ms}`.padStart(6)}         0   <= ${REFERENCE.statsMs} (computed at most every STATS_CACHE_SECONDS per instance)`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
}
