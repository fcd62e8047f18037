import { API_PATHS } from '@portal/shared-contracts/account';
import { setupTestServer } from '../testing/test-server';

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
