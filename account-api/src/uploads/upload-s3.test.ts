import { API_PATHS, type UserRecord } from '@portal/shared-contracts/account';
import { STORAGE_UNAVAILABLE } from '../http/errors';
import { createOwnDatabase } from '../testing/own-database';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import {
  bearer,
  detailOf,
  json,
  savePicture,
  signedInPlayer,
  startTestServer,
  TINY_PNG,
  uploadedPicture,
  uploadPicture,
  type TestServer,
} from '../testing/test-server';
import type { StoredPicture } from './storage/picture-storage';

// Two API instances on one bucket (and, on PostgreSQL, one database of this file's own: the purge
// below must not delete other files' uploads); each has its own data folder, shared with no one.
const HOUR = 60 * 60 * 1000;
let s3: TestS3Server;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  own = await createOwnDatabase('upload_s3');
  const overrides = {
    uploadMaxBytes: 1024,
    pictureStorage: { driver: 's3' as const, ...s3.settings() },
    databaseUrl: own?.url ?? null,
  };
  first = await startTestServer(overrides);
  second = await startTestServer(overrides);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await own?.drop();
  await s3.close();
});

const served = (server: TestServer, name: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/${name}`, headers });
const objects = async () => {
  const all: StoredPicture[] = [];
  for await (const page of first.context.uploads.storage.list()) all.push(...page);
  return all.map((picture) => picture.name).sort();
};

describe('pictures in an S3 bucket', () => {
  it('a picture uploaded through one instance is served by the other, with the same headers as from a folder', async () => {
    const { tokens } = await signedInPlayer(first.app);
    const name = await uploadedPicture(first, tokens.access_token);
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    const response = await served(second, name);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(TINY_PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect((await served(first, name, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers 404 in the error shape for a name it does not hold, and for names that are not ours', async () => {
    for (const path of [`${'0'.repeat(32)}.png`, '..%2faccount.sqlite', 'x.png', '']) {
      const response = await served(second, path);
      expect(response.statusCode).toBe(404);
      expect(detailOf(response.body)).toBe('Not Found');
    }
  });

  it('replacing the picture deletes the object it replaces', async () => {
    const { tokens } = await signedInPlayer(first.app);
    const old = await uploadedPicture(first, tokens.access_token);
    expect((await savePicture(first, tokens.access_token, old)).statusCode).toBe(200);
    const replacement = await uploadedPicture(first, tokens.access_token);
    const saved = await savePicture(first, tokens.access_token, replacement);
    expect(json<UserRecord>(saved).picture_url).toBe(replacement);
    const names = await objects();
    expect(names).not.toContain(old);
    expect(names).toContain(replacement);
    expect((await served(second, old)).statusCode).toBe(404);
    expect((await served(second, replacement)).statusCode).toBe(200);
  });

  it('keeps the texts of too big and wrong type, and stores nothing for them', async () => {
    const { tokens } = await signedInPlayer(first.app);
    const before = await objects();
    const big = await uploadPicture(first, tokens.access_token, Buffer.concat([TINY_PNG, Buffer.alloc(2048)]));
    expect(big.statusCode).toBe(413);
    expect(detailOf(big.body)).toBe('The picture is too large (at most 1 KB)');
    const svg = await uploadPicture(first, tokens.access_token, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(svg.statusCode).toBe(415);
    expect(detailOf(svg.body)).toBe('Only PNG, JPEG, GIF or WebP images can be uploaded');
    expect(await objects()).toEqual(before);
  });

  it('the purge deletes unsaved uploads and objects with no row, and keeps the picture', async () => {
    const { tokens } = await signedInPlayer(first.app);
    const picture = await uploadedPicture(first, tokens.access_token);
    expect((await savePicture(first, tokens.access_token, picture)).statusCode).toBe(200);
    const unsaved = await uploadedPicture(first, tokens.access_token);
    // Left by a deleted account (its rows went by cascade).
    const orphan = `${'a'.repeat(32)}.png`;
    await first.context.uploads.storage.put(orphan, TINY_PNG, 'image/png');
    first.advance(3 * HOUR);
    const purged = await first.purgeJob.runOnce();
    expect(purged.unsaved_uploads).toBeGreaterThanOrEqual(1);
    expect(purged.orphan_upload_files).toBeGreaterThanOrEqual(1);
    const names = await objects();
    expect(names).toContain(picture);
    for (const gone of [unsaved, orphan]) expect(names).not.toContain(gone);
  });
});

describe('a bucket that stops answering', () => {
  it('answers 503 in the error shape, and keeps no row of the upload', async () => {
    const { tokens } = await signedInPlayer(first.app);
    await s3.close();
    const response = await uploadPicture(first, tokens.access_token);
    expect(response.statusCode).toBe(503);
    expect(detailOf(response.body)).toBe(STORAGE_UNAVAILABLE);
    const user = json<UserRecord>(
      await first.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(tokens.access_token) }),
    );
    const rows = await first.context.database.db.selectFrom('uploads').select('name').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
    expect((await served(second, `${'0'.repeat(32)}.png`)).statusCode).toBe(503);
  });
});
