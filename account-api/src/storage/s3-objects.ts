// The object calls the pictures (uploads/storage/s3-storage.ts) and the published builds
// (releases/release-files.ts) make alike: one object written with the headers it is served with,
// one object read as a Node stream. Each caller keeps its own keys, errors and messages.
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/** An object's bytes and headers on their way to a client. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  etag: string | null;
}

/** Writes `data` under `key` with the headers it is served with; the SDK's error when S3 refuses. */
export async function putObject(
  client: S3Client,
  object: { bucket: string; key: string; data: Buffer; contentType: string; cacheControl: string },
): Promise<void> {
  await client.send(
    new PutObjectCommand({
      Bucket: object.bucket,
      Key: object.key,
      Body: object.data,
      ContentLength: object.data.length,
      ContentType: object.contentType,
      CacheControl: object.cacheControl,
    }),
  );
}

/** The object under `key`, its body a stream; the SDK's error for any other answer (404, 304, …). */
export async function getObject(
  client: S3Client,
  object: { bucket: string; key: string; ifNoneMatch?: string },
): Promise<StoredObject> {
  const answer = await client.send(
    new GetObjectCommand({
      Bucket: object.bucket,
      Key: object.key,
      ...(object.ifNoneMatch ? { IfNoneMatch: object.ifNoneMatch } : {}),
    }),
  );
  if (!(answer.Body instanceof Readable)) throw new Error('the SDK answered a body that is not a Node stream');
  return {
    body: answer.Body,
    size: answer.ContentLength ?? 0,
    contentType: answer.ContentType ?? 'application/octet-stream',
    etag: answer.ETag ?? null,
  };
}
