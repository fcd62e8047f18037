import type { FastifyInstance } from 'fastify';
import { API_PATHS, type OutboxMessage } from 'shared-contracts/account';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { InputReader } from '../http/input';

export function registerDevRoutes(app: FastifyInstance, context: AppContext): void {
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
