import type { SwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import type { preHandlerHookHandler } from 'fastify';

/** The document's head; its paths come from the route schemas. */
export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'account-api',
    version: '1.0.0',
    description:
      'Player accounts, the player library and play data. Errors answer `{"detail": string | [{loc, msg, type}]}` ' +
      '(product §8); a refused field is named in `loc` and in `msg`.',
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
} satisfies NonNullable<Extract<SwaggerOptions, { openapi?: unknown }>['openapi']>;

/**
 * Marks the routes that run the bearer-token check as needing it, read from the route's own
 * hooks, so the document cannot say otherwise than the code.
 */
export function bearerRoutes(authenticate: preHandlerHookHandler): SwaggerTransform {
  return ({ schema, url, route }) => {
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
    if (!hooks.includes(authenticate)) return { schema, url };
    return { schema: { ...schema, security: [{ bearer: [] }] }, url };
  };
}
