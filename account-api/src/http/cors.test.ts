import { API_PATHS } from 'shared-contracts/account';
import { loadConfig } from '../config';
import { setupTestServer } from '../testing/test-server';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://localhost:25',
  REDIS_URL: 'redis://localhost:6379',
};

describe('CORS_ORIGINS in production', () => {
  it.each([['*'], ['https://games.example.com,*'], [undefined]])('refuses CORS_ORIGINS=%s', (origins) => {
    expect(() => loadConfig({ ...PRODUCTION, ...(origins === undefined ? {} : { CORS_ORIGINS: origins }) })).toThrow(
      /CORS_ORIGINS must list the site's origins when NODE_ENV=production/,
    );
  });

  it('takes a list of origins', () => {
    expect(
      loadConfig({ ...PRODUCTION, CORS_ORIGINS: 'https://games.example.com, https://www.games.example.com' }).corsOrigins,
    ).toEqual(['https://games.example.com', 'https://www.games.example.com']);
  });

  it("still defaults to '*' in development", () => {
    expect(loadConfig({}).corsOrigins).toEqual(['*']);
  });
});

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
