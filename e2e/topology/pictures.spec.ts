import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { sinkCode } from '../support/topology-mail';

// Profile pictures in object storage (decision 0061; npm run test:nginx): both API instances use
// one S3 bucket and no shared folder, so a picture uploaded through one instance is served, through
// nginx and directly, while only the other one answers; replacing it deletes the old object.

const control = process.env.E2E_TOPOLOGY_CONTROL ?? '';
const instances = JSON.parse(process.env.E2E_API_INSTANCES ?? '[]') as string[];
/** The bucket's objects, read straight from the S3 server (scripts/topology/pictures-bucket.mjs). */
const objects = process.env.E2E_PICTURES_OBJECTS ?? '';
const PASSWORD = 'Pictures#123';
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const act = async (request: APIRequestContext, action: string, index: number) =>
  expect((await request.post(`${control}/${action}/api/${index}`, { timeout: 90_000 })).ok()).toBeTruthy();

async function signedIn(request: APIRequestContext, apiUrl: string): Promise<string> {
  const id = `pic${Date.now().toString(36)}`;
  const email = `${id}@example.com`;
  const registered = await request.post(`${apiUrl}/register/`, {
    form: { username: id, email, firstName: 'Pic', lastName: 'Ture', password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  let code = '';
  // The API runs as in production here: the code comes by SMTP, to the topology's mail sink.
  await expect.poll(async () => (code = (await sinkCode(request, email)) ?? '')).toMatch(/^\d{6}$/);
  expect((await request.post(`${apiUrl}/verify-email/`, { form: { email, verification_code: code } })).ok()).toBeTruthy();
  const login = await request.post(`${apiUrl}/login/`, { data: { username: id, password: PASSWORD } });
  expect(login.ok()).toBeTruthy();
  return ((await login.json()) as { access_token: string }).access_token;
}

async function uploadAndSave(request: APIRequestContext, instance: string, token: string, content: Buffer, file: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const uploaded = await request.post(`${instance}/api/upload`, {
    headers,
    multipart: { file: { name: file, mimeType: 'application/octet-stream', buffer: content } },
  });
  expect(uploaded.status()).toBe(200);
  const { name } = (await uploaded.json()) as { name: string };
  const saved = await request.post(`${instance}/api/save_picture?picture_url=${name}`, { headers });
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { picture_url: string }).picture_url).toBe(name);
  return name;
}

test('a picture uploaded through one API instance is served when only the other answers; a replaced one is gone', async ({
  request,
  apiUrl,
}) => {
  test.setTimeout(240_000);
  expect(instances).toHaveLength(2);
  const [first, second] = instances as [string, string];
  expect(objects).not.toBe('');
  const token = await signedIn(request, apiUrl);
  const picture = await uploadAndSave(request, first, token, PNG, 'me.png');
  // In the bucket, not in a folder of the instance.
  const object = await request.get(`${objects}${picture}`);
  expect(object.status()).toBe(200);
  expect(Buffer.from(await object.body()).equals(PNG)).toBe(true);

  await act(request, 'stop', 0);
  try {
    // nginx has only the second instance to ask, and the second asks the bucket.
    for (const url of [`${apiUrl}/uploads/${picture}`, `${second}/uploads/${picture}`]) {
      const response = await request.get(url, { headers: { Connection: 'close' } });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toBe('image/png');
      expect(response.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await response.body()).equals(PNG), url).toBe(true);
    }
    // The second instance replaces it: the old object is deleted, the new one is served.
    const replacement = await uploadAndSave(request, second, token, GIF, 'me.gif');
    expect((await request.get(`${apiUrl}/uploads/${picture}`, { headers: { Connection: 'close' } })).status()).toBe(404);
    expect((await request.get(`${objects}${picture}`)).status()).toBe(404);
    const served = await request.get(`${apiUrl}/uploads/${replacement}`, { headers: { Connection: 'close' } });
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body()).equals(GIF)).toBe(true);
  } finally {
    await act(request, 'start', 0);
  }
  // And the first, back, serves what the second stored.
  const me = await request.post(`${first}/get-user-info/`, { headers: { Authorization: `Bearer ${token}` } });
  const { picture_url: current } = (await me.json()) as { picture_url: string };
  expect((await request.get(`${first}/uploads/${current}`)).status()).toBe(200);
});
