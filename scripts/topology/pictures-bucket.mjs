// The topology's object storage (decisions 0061, 0068): one S3-compatible server (s3rver, in this
// process) with a bucket for profile pictures, which every API instance uses through its S3 driver,
// and one for the release service's published builds, so no two parts share a folder and the
// release service keeps no files on its disk. Its port is the topology's base + 89.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';

const BUCKET = 'portal-pictures';
const RELEASES_BUCKET = 'portal-releases';
/** s3rver's one built-in key pair. */
const KEY = 'S3RVER';

/**
 * Starts the buckets' server, its objects under `dir`. Resolves with the API instances'
 * environment for it, the release service's (`releases`) and a stop function.
 * @param {{ port: number, dir: string }} options
 */
export async function startPicturesBucket({ port, dir }) {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: path.resolve(dir),
    configureBuckets: [BUCKET, RELEASES_BUCKET].map((name) => ({ name, configs: [] })),
  });
  await server.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    // s3rver reads without a signature: the tests look into the bucket here.
    objectsUrl: `${url}/${BUCKET}/uploads/`,
    env: {
      UPLOADS_STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_BUCKET: BUCKET,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    releases: {
      objectsUrl: `${url}/${RELEASES_BUCKET}/`,
      env: {
        RELEASE_FILES_STORAGE: 's3',
        S3_ENDPOINT: url,
        S3_BUCKET: RELEASES_BUCKET,
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: KEY,
        S3_SECRET_ACCESS_KEY: KEY,
      },
    },
    stop: () => server.close(),
  };
}
