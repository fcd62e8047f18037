// The one S3 client of the repository: the account API's pictures (decision 0061) and the release
// service's builds (decision 0068) read the same S3_* settings with this code and talk to their
// bucket through a client made here, so a timeout, a checksum rule or a credential rule is
// decided once.
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { switchOf } from '../settings-reader';

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

export interface S3SettingsOptions {
  /** The setting that chose the driver (`UPLOADS_STORAGE`, `RELEASE_FILES_STORAGE`): named in the messages. */
  driverSetting: string;
  /** What the bucket keeps, for the message when S3_BUCKET is missing ("the pictures"). */
  keeps: string;
  /** The driver chosen: the S3_* names are read either way (a bad secret file stops the start), checked only for `s3`. */
  driver: string;
  defaults: { region: string; keyPrefix: string; forcePathStyle: boolean };
  /** `NAME`, or the content of the file `NAME_FILE` names: each service reads its secrets its own way. */
  secret: (name: 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY') => string | null | undefined;
}

const textOf = (env: NodeJS.ProcessEnv, name: string): string | null => env[name]?.trim() || null;

function flagOf(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim();
  return raw ? switchOf(name, raw) : fallback;
}

/** The S3_* settings of a driver chosen by `options.driverSetting`; null unless it chose `s3`. */
export function s3SettingsFrom(env: NodeJS.ProcessEnv, options: S3SettingsOptions): S3StorageSettings | null {
  const { driverSetting, defaults } = options;
  const endpoint = textOf(env, 'S3_ENDPOINT');
  const bucket = textOf(env, 'S3_BUCKET');
  const s3 = {
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    region: textOf(env, 'S3_REGION') ?? defaults.region,
    keyPrefix: env.S3_KEY_PREFIX?.trim() ?? defaults.keyPrefix,
    forcePathStyle: flagOf(env, 'S3_FORCE_PATH_STYLE', defaults.forcePathStyle),
    accessKeyId: options.secret('S3_ACCESS_KEY_ID') ?? null,
    secretAccessKey: options.secret('S3_SECRET_ACCESS_KEY') ?? null,
  };
  if (options.driver !== 's3') return null;
  if (!bucket) throw new Error(`${driverSetting}=s3 needs S3_BUCKET: the bucket that keeps ${options.keeps}`);
  if (endpoint && !/^https?:\/\/[^/]/i.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  if (Boolean(s3.accessKeyId) !== Boolean(s3.secretAccessKey))
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK finds its own credentials)');
  return { bucket, ...s3 };
}
