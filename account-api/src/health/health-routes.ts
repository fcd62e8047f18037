import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS } from '@portal/shared-contracts/account';
import type { AppContext } from '../context';
import { proveWrite } from '../db/migrations';

/** How long a readiness answer is reused: at most one database write per this many ms, however often probes call. */
export const READINESS_CACHE_MS = 5_000;

export interface Readiness {
  ready: boolean;
  /** What failed, for the 503 body and the log; null when ready. */
  problem: string | null;
}

/**
 * The readiness check: the database commits a write (a read-only or full database is not
 * ready), and Redis answers when it holds the limits. The answer is cached for
 * READINESS_CACHE_MS and concurrent probes share one check.
 */
export function readinessCheck(context: AppContext): () => Promise<Readiness> {
  let cached: { at: number; result: Readiness } | null = null;
  let running: Promise<Readiness> | null = null;
  const check = async (): Promise<Readiness> => {
    try {
      await proveWrite(context.database.db);
    } catch {
      return { ready: false, problem: 'Database unavailable: it does not accept writes' };
    }
    if (context.redis) {
      try {
        await context.redis.ping();
      } catch {
        return { ready: false, problem: 'Redis unavailable: rate limits cannot be counted' };
      }
    }
    return { ready: true, problem: null };
  };
  return async () => {
    const at = context.now().getTime();
    if (cached && at - cached.at < READINESS_CACHE_MS) return cached.result;
    running ??= check().finally(() => {
      running = null;
    });
    const result = await running;
    cached = { at, result };
    return result;
  };
}

/**
 * /livez: the process answers (no database, no writes): for restarts. /health is the same, for
 * the scripts that wait on it. /readyz: able to serve (see readinessCheck): for load balancers.
 * None of them shows figures about mail or players: they need no sign-in.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const live = () => ({ status: 'ok' });
  app.get(API_PATHS.livez, live);
  app.get(API_PATHS.health, live);

  const readiness = readinessCheck(app);
  app.get(API_PATHS.readyz, async (request, reply) => {
    const { ready, problem } = await readiness();
    if (ready) return { status: 'ok', database: app.database.dialect };
    request.log.warn({ problem }, 'not ready');
    return reply.code(503).header('retry-after', '5').send({ detail: problem });
  });
};
