// The API's Prometheus metrics at GET /metrics, one registry per app: the process's own
// (event-loop lag, memory, GC), requests by route pattern and status, readiness, the mail queue
// (pending, dead, oldest's age), the newest backup, the PostgreSQL pool and Redis errors. Not
// public: nginx answers 404 for /metrics at the public server; Prometheus scrapes each instance
// on its own port. Prometheus's conventions: counts are counters (`_total`), times are seconds,
// a label's values add up to a whole.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import type { CheckerFigures } from '../game-health/game-checker';
import { readinessCheck } from '../health/health-routes';
import type { MailStats } from '../mail/outbox';
import { newestBackupTime } from '../operations/backup';

const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** The mail queue is counted at most this often, however often /metrics is scraped. */
const MAIL_STATS_MS = 5_000;
/** BACKUP_DIR is listed at most this often. */
const BACKUP_LOOK_MS = 60_000;

export function registerObservability(
  app: FastifyInstance,
  context: AppContext,
  redis: Redis | null,
  gameChecks: CheckerFigures,
): void {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // The request id travels back to whoever asked (nginx logs it too).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern, method and status',
    labelNames,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, never the URL: no unbounded label, no query string.
    const labels = { route: request.routeOptions.url ?? 'other', method: request.method, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const readiness = readinessCheck(context);
  new Gauge({
    name: 'service_ready',
    help: 'Whether /readyz answers 200 (the database takes a write, Redis answers): 1 or 0',
    registers,
    async collect() {
      this.set((await readiness()).ready ? 1 : 0);
    },
  });

  let mail: { at: number; stats: Promise<MailStats | null> } | null = null;
  const mailStats = () => {
    if (!mail || Date.now() - mail.at > MAIL_STATS_MS)
      mail = { at: Date.now(), stats: context.mailOutbox.stats().catch(() => null) };
    return mail.stats;
  };
  new Gauge({
    name: 'mail_queue_pending',
    help: 'Mail waiting to be delivered',
    registers,
    async collect() {
      const stats = await mailStats();
      if (stats) this.set(stats.pending);
    },
  });
  new Gauge({
    name: 'mail_queue_dead',
    help: 'Mail given up on after its tries (kept until an operator requeues it)',
    registers,
    async collect() {
      const stats = await mailStats();
      if (stats) this.set(stats.dead);
    },
  });

  new Gauge({
    name: 'mail_queue_oldest_pending_age_seconds',
    help: 'Age of the oldest mail waiting to be delivered (0 when none waits)',
    registers,
    async collect() {
      const stats = await mailStats();
      if (stats) this.set(stats.oldest_pending_age_seconds ?? 0);
    },
  });

  let backup: { at: number; taken: Date | null } | null = null;
  new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the newest whole backup in BACKUP_DIR was taken (seconds since the epoch; 0: none there)',
    registers,
    collect() {
      const now = context.now().getTime();
      if (!backup || now - backup.at > BACKUP_LOOK_MS)
        backup = { at: now, taken: newestBackupTime(context.config.operations.backupDir) };
      this.set(backup.taken ? Math.floor(backup.taken.getTime() / 1000) : 0);
    },
  });

  const pool = context.database.pool;
  if (pool) {
    // The states add up to the pool's size, so sum() over instances means something.
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state: idle or in_use (their sum is the pool size)',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  const redisErrors = new Counter({ name: 'redis_errors_total', help: 'Errors the Redis client reported', registers });
  redisErrors.inc(0);
  redis?.on('error', () => redisErrors.inc());

  registerGameCheckMetrics(context, gameChecks, registers);

  app.get('/metrics', async (_request, reply) => {
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(text);
  });
}

/** The link checker's figures (decision 0058): rounds by verdict, the last round's failure share, games hidden. */
function registerGameCheckMetrics(context: AppContext, figures: CheckerFigures, registers: Registry[]): void {
  new Counter({
    name: 'game_check_rounds_total',
    help: "Rounds of game link checks this instance ran: counted, or suspect (most games failed at once: the checker's own network; nothing hidden)",
    labelNames: ['verdict'],
    registers,
    collect() {
      this.reset();
      this.inc({ verdict: 'counted' }, figures.rounds.counted);
      this.inc({ verdict: 'suspect' }, figures.rounds.suspect);
    },
  });
  new Gauge({
    name: 'game_check_last_round_failure_share',
    help: 'Share of games that failed in the last round this instance ran (0-1)',
    registers,
    collect() {
      if (figures.lastFailureShare !== null) this.set(figures.lastFailureShare);
    },
  });
  let unavailable: { at: number; count: Promise<number | null> } | null = null;
  new Gauge({
    name: 'games_unavailable',
    help: 'Games the link checker has hidden from players (the same for every instance: read from the database)',
    registers,
    async collect() {
      if (!unavailable || Date.now() - unavailable.at > MAIL_STATS_MS)
        unavailable = {
          at: Date.now(),
          count: context.gameHealth.unavailable().then(
            (ids) => ids.length,
            () => null,
          ),
        };
      const count = await unavailable.count;
      if (count !== null) this.set(count);
    },
  });
}
