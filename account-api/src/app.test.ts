import {
  API_PATHS,
  type LoginResponse,
  type OutboxMessage,
  type UploadResponse,
  type UserRecord,
} from '@portal/shared-contracts/account';
import {
  bearer,
  detailOf,
  form,
  json,
  latestMail,
  newPlayer,
  register,
  signedInPlayer,
  startTestServer,
  TINY_PNG,
  setupTestServer,
} from './testing/test-server';

const server = setupTestServer();

describe('error shape (product §8)', () => {
  it('answers unknown routes with 404 {"detail": "Not Found"}', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(json<unknown>(response)).toEqual({ detail: 'Not Found' });
  });

  it('accepts the product §7 paths with or without their trailing slash', async () => {
    const withoutSlash = await server.app.inject({ method: 'POST', url: '/register', ...form(newPlayer()) });
    expect(withoutSlash.statusCode).toBe(201);
    const withSlash = await server.app.inject({ method: 'GET', url: `${API_PATHS.balance}/` });
    expect(withSlash.statusCode).toBe(401);
  });

  it.each([
    {
      name: 'answers malformed JSON with 400 and a readable detail, never 500',
      request: { url: API_PATHS.login, headers: { 'content-type': 'application/json' }, payload: '{"username":' },
      status: 400,
      detail: 'Malformed JSON body',
    },
    {
      name: 'answers an unsupported content type with 415',
      request: { url: API_PATHS.login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
      status: 415,
      detail: 'Unsupported Content-Type',
    },
    {
      name: 'refuses a body over the limit with 413',
      request: { url: API_PATHS.register, ...form({ username: 'x'.repeat(70_000) }) },
      status: 413,
      detail: 'Request body is too large',
    },
  ])('$name', async ({ request, status, detail }) => {
    const response = await server.app.inject({ method: 'POST', ...request });
    expect(response.statusCode).toBe(status);
    expect(detailOf(response.body)).toBe(detail);
  });

  it('ignores prototype-pollution keys in JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"polluted":true}}',
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('browser access', () => {
  it('answers CORS preflights from the site for the Authorization header', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: API_PATHS.userInfo,
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('allows only the listed origins when CORS_ORIGINS is set', async () => {
    const strict = await startTestServer({ corsOrigins: ['https://games.example'] });
    try {
      const allowed = await strict.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://games.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://games.example');
      const other = await strict.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it('never lets an answer be framed, and sends no HSTS over plain http in development', async () => {
    for (const url of ['/health', '/nope', API_PATHS.balance]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the trusted proxy says the request came over https', async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    try {
      const response = await proxied.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });

  it('sends HSTS on every answer in production', async () => {
    const production = await startTestServer({ production: true, devOutbox: false, smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/livez' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-frame-options']).toBe('DENY');
    } finally {
      await production.close();
    }
  });

  it('marks API answers no-store and nosniff', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('sessions', () => {
  it('expire after ACCESS_TOKEN_TTL_SECONDS with 401', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const call = () => server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(tokens.access_token) });
    expect((await call()).statusCode).toBe(200);
    server.advance((server.context.config.accessTokenTtlSeconds + 1) * 1000);
    expect((await call()).statusCode).toBe(401);
  });
});

describe('GET /readyz and the dev outbox', () => {
  it('reports the database', async () => {
    const response = await server.app.inject({ method: 'GET', url: API_PATHS.readyz });
    expect(json<{ status: string; database: string }>(response)).toMatchObject({
      status: 'ok',
      database: server.context.database.dialect,
    });
  });

  it('lists mails newest first, filtered by address, as {to, subject, text, code}', async () => {
    const player = newPlayer();
    await register(server.app, player);
    await server.app.inject({ method: 'POST', url: API_PATHS.forgotPassword, ...form({ email: player.email }) });
    const response = await server.app.inject({
      method: 'GET',
      url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(player.email.toUpperCase())}`,
    });
    const mails = json<OutboxMessage[]>(response);
    expect(mails.map((m) => m.subject)).toEqual(['Your password reset code', 'Verify your email address']);
    // The four fields the e2e tests rely on, plus the delivery state (added, never renamed).
    for (const mail of mails)
      expect(Object.keys(mail)).toEqual(expect.arrayContaining(['to', 'subject', 'text', 'code', 'status']));
  });

  it('is refused in production', async () => {
    const production = await startTestServer({
      production: true,
      devOutbox: false,
      smtpUrl: 'smtp://127.0.0.1:9',
      jwtSecret: 's'.repeat(40),
      mail: { ...server.context.config.mail, worker: false },
    });
    try {
      const response = await production.app.inject({ method: 'GET', url: API_PATHS.devOutbox });
      expect(response.statusCode).toBe(403);
    } finally {
      await production.close();
    }
  });
});

describe('over a real socket', () => {
  it('runs the whole player journey with fetch, FormData and all', async () => {
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const player = newPlayer('socket');
    const post = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { method: 'POST', ...init });

    const signup = await post(API_PATHS.register, { body: new URLSearchParams(player) });
    expect(signup.status).toBe(201);
    const { code } = await latestMail(server.app, player.email);
    expect(
      (await post(API_PATHS.verifyEmail, { body: new URLSearchParams({ email: player.email, verification_code: code ?? '' }) }))
        .status,
    ).toBe(200);
    const signin = await post(API_PATHS.login, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: player.username, password: player.password }),
    });
    const { access_token } = (await signin.json()) as LoginResponse;
    const auth = bearer(access_token);

    const body = new FormData();
    body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'me.png');
    const uploaded = (await (await post(API_PATHS.upload, { headers: auth, body })).json()) as UploadResponse;
    const saved = await post(`${API_PATHS.savePicture}?picture_url=${uploaded.name}`, { headers: auth });
    expect(((await saved.json()) as UserRecord).picture_url).toBe(uploaded.name);
    const picture = await fetch(`${base}${API_PATHS.uploads}/${uploaded.name}`);
    expect(Buffer.from(await picture.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const me = (await (await post(API_PATHS.userInfo, { headers: auth })).json()) as UserRecord;
    expect(me.username).toBe(player.username);
  });
});
