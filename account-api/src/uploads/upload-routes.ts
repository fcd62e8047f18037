import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { API_PATHS, type UploadResponse } from '@portal/shared-contracts/account';
import { currentUser } from '../http/auth';
import { HttpError } from '../http/errors';
import { RATE_LIMITS } from '../http/rate-limits';
import { detectImageType } from './image-type';
import type { PictureStorage } from './storage/picture-storage';
import { PICTURE_CACHE_CONTROL } from './storage/s3-storage';
import { formatSize, UPLOAD_NAME } from './upload-store';

/** What a client reads when its multipart body cannot be parsed. */
export const MALFORMED_MULTIPART =
  'The upload is not a valid multipart/form-data request: send the picture as one file field, as a browser form does.';

/**
 * save_picture takes "the returned name" (product §4); a full URL of our own uploads path is
 * accepted too. Anything else (another site, a path trick) yields null.
 */
export function uploadNameFromPictureUrl(pictureUrl: string): string | null {
  let candidate = pictureUrl.trim();
  if (/^https?:\/\//i.test(candidate)) {
    try {
      candidate = new URL(candidate).pathname;
    } catch {
      return null;
    }
  }
  const prefix = `${API_PATHS.uploads}/`;
  if (candidate.startsWith(prefix)) candidate = candidate.slice(prefix.length);
  return UPLOAD_NAME.test(candidate) ? candidate : null;
}

/**
 * What went wrong while reading the client's multipart body. Fastify's own errors keep their 4xx;
 * anything else the parser throws (no boundary, a body cut off, a malformed part header) comes
 * from the bytes the client sent, so it is a 400, not a server fault.
 */
function uploadReadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, `The picture is too large (at most ${formatSize(maxBytes)})`);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return new HttpError(400, MALFORMED_MULTIPART);
}

export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { config, uploads, authenticate } = app;
  const { storage } = uploads;
  await storage.prepare();

  app.post(
    API_PATHS.upload,
    { preHandler: authenticate, config: { rateLimit: RATE_LIMITS.upload } },
    async (request): Promise<UploadResponse> => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data');
      let data: Buffer;
      try {
        const part = await request.file({ limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });
        if (!part) throw new HttpError(422, 'Attach an image file');
        data = await part.toBuffer();
      } catch (error) {
        throw uploadReadError(error, config.uploadMaxBytes);
      }
      const type = detectImageType(data);
      if (!type) throw new HttpError(415, 'Only PNG, JPEG, GIF or WebP images can be uploaded');

      return { name: await uploads.save(user.id, data, type) };
    },
  );

  await registerPictureServing(app, storage);
};

/** Nothing in a picture may run, whoever opens it. */
const PICTURE_CSP = "default-src 'none'; sandbox";

/**
 * Served back read-only at `/uploads/<name>` whatever the driver, so clients keep one URL
 * (decision 0061). Names never change content, so they cache forever.
 */
async function registerPictureServing(app: FastifyInstance, storage: PictureStorage): Promise<void> {
  if (storage.kind === 'fs') {
    await app.register(fastifyStatic, {
      root: storage.dir,
      prefix: `${API_PATHS.uploads}/`,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '365d',
      immutable: true,
      setHeaders(reply) {
        reply.header('content-security-policy', PICTURE_CSP);
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
    return;
  }
  // From the bucket, which stays private: every instance reads the same objects.
  app.get<{ Params: { name: string } }>(`${API_PATHS.uploads}/:name`, async (request, reply) => {
    const { name } = request.params;
    if (!UPLOAD_NAME.test(name)) throw new HttpError(404, 'Not Found');
    const etag = request.headers['if-none-match'];
    const picture = await storage.get(name);
    if (!picture) throw new HttpError(404, 'Not Found');
    reply.header('content-security-policy', PICTURE_CSP);
    // The site and the API live on different origins; pictures are meant to be shown there.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.header('cache-control', PICTURE_CACHE_CONTROL);
    if (picture.etag) reply.header('etag', picture.etag);
    if (picture.etag && etag === picture.etag) {
      picture.body.destroy();
      return reply.code(304).send();
    }
    reply.header('content-type', picture.contentType);
    reply.header('content-length', String(picture.size));
    return reply.send(picture.body);
  });
}
