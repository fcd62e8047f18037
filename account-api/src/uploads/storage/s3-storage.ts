import { DeleteObjectCommand, HeadBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  createS3Client,
  s3StatusOf,
  storageUnavailable,
  whyBucketRefused,
  type S3StorageSettings,
} from '../../storage/s3-client';
import { getObject, putObject } from '../../storage/s3-objects';
import type { PictureBody, S3PictureStore, StoredPicture } from './picture-storage';

/** Names never change content (they are random), so whoever caches a picture may keep it. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Pictures as objects under `keyPrefix` in one bucket of any S3-compatible service. */
export function s3PictureStore(settings: S3StorageSettings): S3PictureStore {
  const client = createS3Client(settings);
  const { bucket, keyPrefix } = settings;
  const key = (name: string) => `${keyPrefix}${name}`;
  const unavailable = (what: string, error: unknown) => storageUnavailable(bucket, what, error);

  return {
    kind: 's3',
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const why = whyBucketRefused(error);
        throw new Error(`UPLOADS_STORAGE=s3: cannot use bucket "${bucket}" at ${settings.endpoint ?? 'AWS S3'}: ${why}`, {
          cause: error,
        });
      }
    },
    freeBytes: () => Promise.resolve(null),
    async put(name, data, contentType) {
      try {
        await putObject(client, { bucket, key: key(name), data, contentType, cacheControl: PICTURE_CACHE_CONTROL });
      } catch (error) {
        throw unavailable('writing a picture', error);
      }
    },
    async get(name): Promise<PictureBody | null> {
      try {
        return await getObject(client, { bucket, key: key(name) });
      } catch (error) {
        if (s3StatusOf(error) === 404) return null;
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
