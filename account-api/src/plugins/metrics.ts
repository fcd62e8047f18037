import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { registerObservability } from '../observability/metrics';

/** GET /metrics and the request counters: hooks on every route, so not encapsulated. */
const metrics: FastifyPluginAsync = async (fastify) => {
  registerObservability(fastify, fastify, fastify.redis, fastify.gameChecker.figures);
};

export default fp(metrics, { name: 'metrics', dependencies: ['stores', 'game-checker'] });
