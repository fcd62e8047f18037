import { API_PATHS } from '@portal/shared-contracts/account';
import { setupTestServer, startTestServer } from '../testing/test-server';

const server = setupTestServer();

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
