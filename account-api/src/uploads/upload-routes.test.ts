import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS, type UploadResponse } from '@portal/shared-contracts/account';
import { bearer, detailOf, json, multipartFile, signedInPlayer, TINY_PNG, setupTestServer } from '../testing/test-server';
import { uploadNameFromPictureUrl } from './upload-routes';

const server = setupTestServer({ uploadMaxBytes: 1024 });
let token: string;
beforeAll(async () => {
  token = (await signedInPlayer(server.app)).tokens.access_token;
});

const upload = (filename: string, content: Buffer, contentType?: string) =>
  server.app.inject({ method: 'POST', url: API_PATHS.upload, ...multipartFile(filename, content, contentType, bearer(token)) });

describe('POST /api/upload', () => {
  it('stores an image under a random name with the extension of its real type', async () => {
    const response = await upload('holiday.gif', TINY_PNG, 'image/gif');
    expect(response.statusCode).toBe(200);
    const { name } = json<UploadResponse>(response);
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(server.dataDir, 'uploads', name)).equals(TINY_PNG)).toBe(true);
  });

  it('judges by content, not by name or declared type', async () => {
    const response = await upload('evil.png', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(response.statusCode).toBe(415);
    expect(detailOf(response.body)).toBe('Only PNG, JPEG, GIF or WebP images can be uploaded');
  });

  it('refuses a file over the size cap with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2048)]);
    const response = await upload('big.png', big);
    expect(response.statusCode).toBe(413);
    expect(detailOf(response.body)).toBe('The picture is too large (at most 1 KB)');
  });

  it('needs a multipart body with a file', async () => {
    const notMultipart = await server.app.inject({
      method: 'POST',
      url: API_PATHS.upload,
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
  });
});

describe('GET /uploads/:name', () => {
  it('serves read-only, with no directory listing and no way out of the folder', async () => {
    const listing = await server.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/` });
    expect([403, 404]).toContain(listing.statusCode);
    const traversal = await server.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/..%2faccount.sqlite` });
    expect([403, 404]).toContain(traversal.statusCode);
    const missing = await server.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/${'0'.repeat(32)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(json<{ detail: string }>(missing).detail).toBe('Not Found');
    const put = await server.app.inject({ method: 'PUT', url: `${API_PATHS.uploads}/x.png`, payload: 'x' });
    expect(put.statusCode).toBe(404);
  });

  it('sends headers that stop browsers from running anything in it', async () => {
    const { name } = json<UploadResponse>(await upload('a.png', TINY_PNG));
    const response = await server.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/${name}` });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
});

describe('uploadNameFromPictureUrl', () => {
  const name = `${'a'.repeat(32)}.webp`;
  it.each([
    [name, name],
    [`/uploads/${name}`, name],
    [`https://api.example.com/uploads/${name}`, name],
    ['https://elsewhere.example/me.png', null],
    [`/uploads/../${name}`, null],
    ['me.png', null],
    ['not a url at all', null],
  ])('%s -> %s', (input, expected) => {
    expect(uploadNameFromPictureUrl(input)).toBe(expected);
  });
});
