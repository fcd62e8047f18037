// Published remote builds as objects in a bucket (decision 0068): what the release service
// (scripts/releases/release-service.mjs) keeps instead of RELEASE_FILES_DIR when
// RELEASE_FILES_STORAGE=s3, so no instance of it keeps files on its own disk. Keys are
// `<S3_KEY_PREFIX><remote folder>/<version>/<file>`, the path the service serves at /files/.
// The database decides which versions exist (ReleaseStore.claimVersion); this only keeps bytes.
import { DeleteObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  createS3Client,
  s3SettingsFrom,
  s3StatusOf,
  storageUnavailable,
  whyBucketRefused,
  type S3SettingValues,
  type S3StorageSettings,
} from '../storage/s3-client';
import { getObject, putObject, type StoredObject } from '../storage/s3-objects';

export { StorageUnavailableError } from '../storage/s3-client';

/** A file of a build on its way to a browser or a page service. */
export type ReleaseFile = StoredObject;

export interface S3ReleaseFiles {
  /** `bucket "<name>" at <endpoint>`, for the start-up line and messages. */
  readonly where: string;
  /** The bucket answers and the keys are accepted: a wrong setting stops the start, not the first publish. */
  prepare(): Promise<void>;
  /** Whether an object is stored under `path` (a HEAD). */
  has(path: string): Promise<boolean>;
  put(path: string, data: Buffer, headers: { contentType: string; cacheControl: string }): Promise<void>;
  /** The file; `{ notModified }` when `ifNoneMatch` is its ETag; null when there is none. */
  get(path: string, ifNoneMatch?: string): Promise<ReleaseFile | { notModified: true; etag: string } | null>;
  /** Deletes every object under `<folder>/` (a pruned release, a publish that failed half-way); how many. */
  removeAll(folder: string): Promise<number>;
}

/**
 * RELEASE_FILES_STORAGE=s3 and the S3_* settings, as the release service's settings reader read
 * them (release-service-settings.ts; secrets from `*_FILE` too); null for the folder.
 */
export function releaseFilesSettingsFrom(values: S3SettingValues & { RELEASE_FILES_STORAGE: string }): S3StorageSettings | null {
  return s3SettingsFrom(values, {
    driverSetting: 'RELEASE_FILES_STORAGE',
    keeps: 'the published builds',
    driver: values.RELEASE_FILES_STORAGE,
  });
}

export function s3ReleaseFiles(settings: S3StorageSettings): S3ReleaseFiles {
  const client = createS3Client(settings);
  const { bucket, keyPrefix } = settings;
  const key = (path: string) => `${keyPrefix}${path}`;
  const where = `bucket "${bucket}" at ${settings.endpoint ?? 'AWS S3'}`;
  const unavailable = (what: string, error: unknown) => storageUnavailable(bucket, what, error);

  return {
    where,
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(`RELEASE_FILES_STORAGE=s3: cannot use ${where}: ${whyBucketRefused(error)}`, { cause: error });
      }
    },
    async has(path) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(path) }));
        return true;
      } catch (error) {
        if (s3StatusOf(error) === 404) return false;
        throw unavailable(`looking for ${path}`, error);
      }
    },
    async put(path, data, { contentType, cacheControl }) {
      try {
        await putObject(client, { bucket, key: key(path), data, contentType, cacheControl });
      } catch (error) {
        throw unavailable(`writing ${path}`, error);
      }
    },
    async get(path, ifNoneMatch) {
      try {
        return await getObject(client, { bucket, key: key(path), ifNoneMatch });
      } catch (error) {
        const status = s3StatusOf(error);
        // S3 answers 304 to a matching If-None-Match; the SDK throws it.
        if (status === 304 && ifNoneMatch) return { notModified: true, etag: ifNoneMatch };
        if (status === 404) return null;
        throw unavailable(`reading ${path}`, error);
      }
    },
    async removeAll(folder) {
      const prefix = key(`${folder.replace(/\/+$/, '')}/`);
      let removed = 0;
      try {
        let token: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
          // One DELETE per object: the batch call needs a Content-MD5 not every S3-compatible server checks alike.
          for (const object of page.Contents ?? []) {
            if (!object.Key) continue;
            await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
            removed += 1;
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      } catch (error) {
        throw unavailable(`deleting ${folder}`, error);
      }
      return removed;
    },
  };
}
