import type { SwaggerOptions } from '@fastify/swagger';

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
