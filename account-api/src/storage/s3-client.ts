// The one S3 client of the repository: the account API's pictures (decision 0061) and the release
// service's builds (decision 0068) read the same S3_* settings with this code and talk to their
// bucket through a client made here, so a timeout, a checksum rule or a credential rule is
// decided once.
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';

export interface S3StorageSettings {
  /** An S3-compatible service's URL; null: AWS S3 in `region`. */
  endpoint: string | null;
  region: string;
  bucket: string;
  keyPrefix: string;
  forcePathStyle: boolean;
  /** Both null: the AWS SDK's credential chain. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** The storage could not be reached or refused the request: not the client's fault, and not a bug here. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export function createS3Client(settings: S3StorageSettings): S3Client {
  return new S3Client({
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
    // A request must not hang on a bucket that does not answer.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
}

/** The HTTP status S3 answered, or undefined when it did not answer at all. */
export const s3StatusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** Why a bucket cannot be used, in an operator's words (start-up checks). */
export function whyBucketRefused(error: unknown): string {
  const status = s3StatusOf(error);
  if (status === 404) return 'it does not exist';
  if (status === 403) return 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)';
  return error instanceof Error ? error.message : String(error);
}

/** A failed request as the error a service answers 503 for, naming the bucket and the step. */
export function storageUnavailable(bucket: string, what: string, error: unknown): StorageUnavailableError {
  return new StorageUnavailableError(
    `S3 bucket ${bucket}: ${what} failed (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`,
    { cause: error },
  );
}

/** The S3_* settings as the service's settings reader read them (each once, secrets from `*_FILE` too). */
export interface S3SettingValues {
  S3_ENDPOINT: string | null;
  S3_REGION: string;
  S3_BUCKET: string | null;
  S3_KEY_PREFIX: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID: string | null;
  S3_SECRET_ACCESS_KEY: string | null;
}

export interface S3SettingsOptions {
  /** The setting that chose the driver (`UPLOADS_STORAGE`, `RELEASE_FILES_STORAGE`): named in the messages. */
  driverSetting: string;
  /** What the bucket keeps, for the message when S3_BUCKET is missing ("the pictures"). */
  keeps: string;
  /** The driver chosen: the S3_* settings are checked only for `s3`. */
  driver: string;
}

/** The bucket's settings when `options.driverSetting` chose `s3` (checked together); null otherwise. */
export function s3SettingsFrom(values: S3SettingValues, options: S3SettingsOptions): S3StorageSettings | null {
  if (options.driver !== 's3') return null;
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = values;
  if (!bucket) throw new Error(`${options.driverSetting}=s3 needs S3_BUCKET: the bucket that keeps ${options.keeps}`);
  if (endpoint && !/^https?:\/\/[^/]/i.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY))
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK finds its own credentials)');
  return {
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    region: values.S3_REGION,
    bucket,
    keyPrefix: values.S3_KEY_PREFIX,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    accessKeyId: values.S3_ACCESS_KEY_ID,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
  };
}
