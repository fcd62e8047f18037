import type { FastifyInstance } from 'fastify';
import { API_PATHS, type OutboxMessage } from 'shared-contracts/account';
import type { AppContext } from '../context';
import { proveWrite } from '../db/migrations';
import { HttpError } from '../http/errors';
import { InputReader } from '../http/input';

export function registerDevRoutes(app: FastifyInstance, context: AppContext): void {
  app.get(API_PATHS.health, async (request, reply) => {
    // Healthy means able to save: a database that answers reads but refuses writes is not.
    try {
      await proveWrite(context.database.db);
      return { status: 'ok', database: context.database.dialect, mail: await context.mailOutbox.stats() };
    } catch (error) {
      request.log.warn({ err: error }, 'health: the database refused a write');
      return reply.code(503).send({ detail: 'Database unavailable: it does not accept writes' });
    }
  });

  /**
   * architecture.md §6: the dev outbox, newest first, read from the mail outbox table with each
   * mail's delivery state. Only with DEV_OUTBOX=1, never in production (config refuses both).
   */
  // Codes must not be readable by any web page: the site's own origin only, whatever CORS_ORIGINS says.
  const siteOrigin = new URL(context.config.siteUrl).origin;
  app.get(API_PATHS.devOutbox, { config: { cors: { origin: [siteOrigin] } } }, async (request): Promise<OutboxMessage[]> => {
    if (context.config.production) throw new HttpError(403, 'The dev outbox is disabled in production');
    if (!context.config.devOutbox) throw new HttpError(404, 'The dev outbox is off: start the API with DEV_OUTBOX=1');
    const input = new InputReader(request.query, 'query');
    const to = input.string('to', { maxLength: 254 });
    input.done();
    return context.mailOutbox.list(to);
  });
}
