import { API_PATHS, type OutboxMessage } from '@portal/shared-contracts/account';
import { form, json, newPlayer, register, setupTestServer, startTestServer } from '../testing/test-server';

describe('the dev outbox answers only the site’s own origin', () => {
  // CORS_ORIGINS=* (the development default) for every other route.
  const server = setupTestServer({ siteUrl: 'http://localhost:8080', corsOrigins: ['*'] });
  const outboxFrom = (origin: string) =>
    server.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=a@example.com`, headers: { origin } });

  it('another web page gets no Access-Control-Allow-Origin, so the browser keeps the codes from it', async () => {
    const response = await outboxFrom('https://evil.example');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the site itself may read it', async () => {
    const response = await outboxFrom('http://localhost:8080');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(String(response.headers.vary)).toMatch(/origin/i);
  });

  it('other routes keep CORS_ORIGINS', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: API_PATHS.forgotPassword,
      headers: { origin: 'https://elsewhere.example' },
      payload: { email: 'a@example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('GET /__dev/outbox', () => {
  const server = setupTestServer();

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
