import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_PATHS, type OutboxMessage } from '@portal/shared-contracts/account';
import { HttpError } from '../http/errors';
import { textField } from '../http/text-field';

const OUTBOX_QUERY = Type.Object({ to: Type.Optional(textField({ maxLength: 254 })) });

export const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * architecture.md §6: the dev outbox, newest first, read from the mail outbox table with each
   * mail's delivery state. Only with DEV_OUTBOX=1, never in production (config refuses both).
   */
  // Codes must not be readable by any web page: the site's own origin only, whatever CORS_ORIGINS says.
  const siteOrigin = new URL(app.config.siteUrl).origin;
  app.get(
    API_PATHS.devOutbox,
    { config: { cors: { origin: [siteOrigin] } }, schema: { querystring: OUTBOX_QUERY, hide: true } },
    async (request): Promise<OutboxMessage[]> => {
      if (app.config.production) throw new HttpError(403, 'The dev outbox is disabled in production');
      if (!app.config.devOutbox) throw new HttpError(404, 'The dev outbox is off: start the API with DEV_OUTBOX=1');
      return app.mailOutbox.list(request.query.to);
    },
  );
};
