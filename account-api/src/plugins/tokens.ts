import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SigningKeyRing } from '../security/signing-keys';
import { TokenService } from '../security/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The JWT keys every instance re-reads from the database (rotate-key adds one). */
    signingKeys: SigningKeyRing;
    tokens: TokenService;
  }
}

/** Rotating JWT keys (decision 0037), re-read by every instance every SIGNING_KEY_REFRESH_SECONDS. */
const tokens: FastifyPluginAsync = async (fastify) => {
  const { config, now, secrets } = fastify;
  const signingKeys = new SigningKeyRing({
    db: fastify.database.db,
    master: secrets.master,
    primary: secrets.keys.jwt,
    longestTokenMs: Math.max(config.accessTokenTtlSeconds, config.refreshTokenTtlSeconds) * 1000,
    refreshMs: config.operations.signingKeyRefreshMs,
    now,
    warn: (message, details) => {
      fastify.log.warn(details, message);
    },
  });
  await signingKeys.load();
  signingKeys.start();
  fastify.addHook('onClose', (_instance, done) => {
    signingKeys.stop();
    done();
  });
  fastify.decorate('signingKeys', signingKeys);
  fastify.decorate(
    'tokens',
    new TokenService({
      keys: signingKeys,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      now,
    }),
  );
};

export default fp(tokens, { name: 'tokens', dependencies: ['database'] });
