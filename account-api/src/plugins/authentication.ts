import type { FastifyPluginAsync, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createAuthLookup, type AuthLookup } from '../db/auth-lookup';
import { authenticator } from '../http/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one prepared user-and-session read behind every bearer check. */
    authLookup: AuthLookup;
    /** preHandler of the protected routes: a valid access token of a live session, or 401. */
    authenticate: preHandlerHookHandler;
  }
}

/** The bearer check every protected route runs first (decision 0007 step 3). */
const authentication: FastifyPluginAsync = async (fastify) => {
  const authLookup = createAuthLookup(fastify.database);
  fastify.addHook('onClose', async () => authLookup.close());
  fastify.decorate('authLookup', authLookup);
  fastify.decorate('authenticate', authenticator(fastify.tokens, authLookup));
  // Declared up front (null) so every request object has the same shape.
  fastify.decorateRequest('authUser', null);
  fastify.decorateRequest('authSessionId', null);
};

export default fp(authentication, { name: 'authentication', dependencies: ['database', 'tokens'] });
