import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageSettings } from '../config';

/** s3rver's one built-in key pair: requests signed with anything else are refused. */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  /** Settings of the S3 driver for `bucket` (created at start) under `keyPrefix`. */
  settings(keyPrefix?: string): S3StorageSettings;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in this process, on a free port (test files run side by
 * side, each with its own), with its
 * objects in a throw-away folder: the S3 driver is tested over HTTP with signed requests, as it
 * talks to a bucket in production.
 */
export async function startS3Server(bucket = 'pictures'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${String(port)}`;
  let closed = false;
  return {
    endpoint,
    settings: (keyPrefix = 'uploads/') => ({
      endpoint,
      region: 'us-east-1',
      bucket,
      keyPrefix,
      forcePathStyle: true,
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A server started in the calling file's beforeAll and closed in its afterAll. */
export function setupS3Server(bucket?: string): () => TestS3Server {
  let started: TestS3Server | null = null;
  beforeAll(async () => {
    started = await startS3Server(bucket);
  });
  afterAll(() => started?.close());
  return () => {
    if (!started) throw new Error('the S3 server starts in beforeAll; use it inside a test or hook');
    return started;
  };
}
