import { API_PATHS } from '@portal/shared-contracts/account';
import { bearer, detailOf, multipartFile, signedInPlayer, TINY_PNG, setupTestServer } from '../testing/test-server';
import { MALFORMED_MULTIPART } from './upload-routes';

const lines: string[] = [];
const server = setupTestServer(
  { logLevel: 'info' },
  { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
);
let token: string;
beforeAll(async () => {
  token = (await signedInPlayer(server.app)).tokens.access_token;
});

const post = (contentType: string, payload: Buffer) =>
  server.app.inject({
    method: 'POST',
    url: API_PATHS.upload,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });

const errorLines = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe('a malformed multipart upload is the client’s mistake: 400, no error log', () => {
  beforeEach(() => {
    lines.length = 0;
  });

  it('no boundary in the content type', async () => {
    const { payload } = multipartFile('me.png', TINY_PNG);
    const response = await post('multipart/form-data', payload);
    expect(response.statusCode).toBe(400);
    expect(detailOf(response.body)).toBe(MALFORMED_MULTIPART);
    expect(errorLines()).toEqual([]);
  });

  it('a body cut off before its closing boundary', async () => {
    const { headers, payload } = multipartFile('me.png', Buffer.concat([TINY_PNG, Buffer.alloc(300, 1)]));
    const response = await post(headers['content-type'], payload.subarray(0, payload.length - 200));
    expect(response.statusCode).toBe(400);
    expect(detailOf(response.body)).toBe(MALFORMED_MULTIPART);
    expect(errorLines()).toEqual([]);
  });

  it('a body cut off inside the part headers', async () => {
    const { headers, payload } = multipartFile('me.png', TINY_PNG);
    const response = await post(headers['content-type'], payload.subarray(0, 40));
    expect(response.statusCode).toBe(400);
    expect(detailOf(response.body)).toBe(MALFORMED_MULTIPART);
    expect(errorLines()).toEqual([]);
  });
});
