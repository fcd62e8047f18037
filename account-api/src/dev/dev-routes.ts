import type { FastifyInstance } from 'fastify';
import { API_PATHS, type OutboxMessage } from 'shared-contracts';
import type { AppContext } from '../context';
import { proveWrite } from '../db/migrations';
import { HttpError } from '../http/errors';
import { InputReader } from '../http/input';
import type { DevOutbox } from '../mail/mailer';

export function registerDevRoutes(app: FastifyInstance, context: AppContext, outbox: DevOutbox | null): void {
  app.get(API_PATHS.health, async (request, reply) => {
    // Healthy means able to save: a database that answers reads but refuses writes is not.
    try {
      await proveWrite(context.database.db);
      return { status: 'ok', database: context.database.dialect };
    } catch (error) {
      request.log.warn({ err: error }, 'health: the database refused a write');
      return reply.code(503).send({ detail: 'Database unavailable: it does not accept writes' });
    }
  });

  /** ARCHITECTURE "Account API": the dev outbox, newest first; never in production. */
  app.get(API_PATHS.devOutbox, async (request): Promise<OutboxMessage[]> => {
    if (context.config.production) throw new HttpError(403, 'The dev outbox is disabled in production');
    if (!outbox) throw new HttpError(404, 'The dev outbox is off: mail goes out through SMTP_URL');
    const input = new InputReader(request.query, 'query');
    const to = input.string('to', { maxLength: 254 });
    input.done();
    return outbox.list(to);
  });
}
