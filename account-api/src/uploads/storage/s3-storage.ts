import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '../../config';
import { StorageUnavailableError, type PictureBody, type S3PictureStore, type StoredPicture } from './picture-storage';

/** Names never change content (they are random), so whoever caches a picture may keep it. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** Pictures as objects under `keyPrefix` in one bucket of any S3-compatible service. */
export function s3PictureStore(settings: S3StorageSettings): S3PictureStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's own chain (instance role, web identity in Kubernetes, ~/.aws).
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: not every S3-compatible server knows the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An upload or a picture must not hang on a bucket that does not answer.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
  const { bucket, keyPrefix } = settings;
  const key = (name: string) => `${keyPrefix}${name}`;
  const unavailable = (what: string, error: unknown) =>
    new StorageUnavailableError(
      `S3 bucket ${bucket}: ${what} failed (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`,
      { cause: error },
    );

  return {
    kind: 's3',
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        const why =
          status === 404
            ? 'it does not exist'
            : status === 403
              ? 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)'
              : error instanceof Error
                ? error.message
                : String(error);
        throw new Error(`UPLOADS_STORAGE=s3: cannot use bucket "${bucket}" at ${settings.endpoint ?? 'AWS S3'}: ${why}`, {
          cause: error,
        });
      }
    },
    freeBytes: () => Promise.resolve(null),
    async put(name, data, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key(name),
            Body: data,
            ContentLength: data.length,
            ContentType: contentType,
            CacheControl: PICTURE_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw unavailable('writing a picture', error);
      }
    },
    async get(name): Promise<PictureBody | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        if (!(object.Body instanceof Readable)) throw new Error('the SDK answered a body that is not a Node stream');
        return {
          body: object.Body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
          etag: object.ETag ?? null,
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw unavailable('reading a picture', error);
      }
    },
    async remove(name) {
      try {
        // S3 answers 204 for a key that is already gone.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
      } catch (error) {
        throw unavailable('deleting a picture', error);
      }
    },
    async *list(): AsyncIterable<StoredPicture[]> {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix, ContinuationToken: token }));
        } catch (error) {
          throw unavailable('listing the pictures', error);
        }
        yield (page.Contents ?? []).flatMap((object) =>
          object.Key
            ? [{ name: object.Key.slice(keyPrefix.length), size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) }]
            : [],
        );
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
