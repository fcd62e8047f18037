import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { connectDatabase, type DatabaseHandle } from '../db/connect';
import { bringSchemaUpToDate } from '../operations/migrate';
import { deriveKeys, ensurePrivateDir, loadMasterSecret, type ServerKeys } from '../security/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The master secret (JWT_SECRET or the generated file) and the keys derived from it. */
    secrets: { master: string; keys: ServerKeys };
    /** SQLite or PostgreSQL, migrated (development) or checked (production). */
    database: DatabaseHandle;
  }
}

/** The secrets, then the database: closed with the app, after every plugin registered later. */
const database: FastifyPluginAsync = async (fastify) => {
  const { config } = fastify;
  // Before the database: a bad secret file stops the start without opening or migrating anything.
  const master = loadMasterSecret(config.jwtSecret, config.dataDir);
  fastify.decorate('secrets', { master, keys: deriveKeys(master) });
  ensurePrivateDir(config.dataDir);
  const handle = connectDatabase(config);
  fastify.addHook('onClose', async () => handle.db.destroy());
  await bringSchemaUpToDate(handle, config, fastify.log);
  fastify.decorate('database', handle);
};

export default fp(database, { name: 'database', dependencies: ['app-options'] });
