import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createPictureStorage } from '../uploads/storage/create-storage';
import { UploadStore } from '../uploads/upload-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pictures: rows and files, quota, free-space floor, replaced pictures deleted. */
    uploads: UploadStore;
  }
}

/** The pictures' store over the disk or the bucket UPLOADS_STORAGE names (decision 0061). */
const uploads: FastifyPluginAsync = async (fastify) => {
  const { config, now } = fastify;
  fastify.decorate('uploads', new UploadStore(fastify.database.db, createPictureStorage(config), config.uploads, now));
};

export default fp(uploads, { name: 'uploads', dependencies: ['database'] });
