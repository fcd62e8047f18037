import { API_PATHS } from '@portal/shared-contracts/account';
import { loadConfig } from '../config';
import { RATE_LIMITS } from '../http/rate-limits';
import { detailOf, setupTestServer, startTestServer } from '../testing/test-server';
import { LIMITS_FULL, MemoryLimitStore } from './limit-store';

const captchaFrom = (server: { app: ReturnType<typeof setupTestServer>['app'] }, ip: string) =>
  server.app.inject({ method: 'POST', url: `${API_PATHS.verifyCaptcha}?token=t`, headers: { 'x-forwarded-for': ip } });

describe('per-address limits are not forgotten under load', () => {
  const server = setupTestServer({ trustProxy: 1 });

  it("a victim's counter survives 6,000 other keys (the plugin's own store was an LRU of 5,000)", async () => {
    const { max } = RATE_LIMITS.captcha;
    for (let i = 0; i < max; i += 1) expect((await captchaFrom(server, '203.0.113.250')).statusCode).toBe(200);
    expect((await captchaFrom(server, '203.0.113.250')).statusCode).toBe(429);
    for (let i = 0; i < 6000; i += 1) await captchaFrom(server, `10.${Math.floor(i / 250) % 250}.${i % 250}.1`);
    expect((await captchaFrom(server, '203.0.113.250')).statusCode).toBe(429);
  }, 60_000);
});

describe('a full in-memory store fails closed', () => {
  it('refuses new keys with 503 and keeps counting the ones it holds', async () => {
    if (process.env.TEST_REDIS_URL) return; // Redis holds the limits there: nothing in memory to fill.
    const small = await startTestServer({ trustProxy: 1, rateLimitMemoryKeys: 20 });
    try {
      const { max } = RATE_LIMITS.captcha;
      for (let i = 0; i < max; i += 1) await captchaFrom(small, '203.0.113.1');
      for (let i = 0; i < 19; i += 1) expect((await captchaFrom(small, `10.0.0.${i + 10}`)).statusCode).toBe(200);
      const refused = await captchaFrom(small, '10.0.1.1');
      expect(refused.statusCode).toBe(503);
      expect(detailOf(refused.body)).toBe(LIMITS_FULL);
      expect(refused.headers['retry-after']).toBe('60');
      expect((await captchaFrom(small, '203.0.113.1')).statusCode).toBe(429);
      // Once windows end, their slots are free again.
      small.advance(RATE_LIMITS.captcha.timeWindow + 1000);
      expect((await captchaFrom(small, '10.0.1.1')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('MemoryLimitStore: no eviction of live counters, 503 for a new key when full', async () => {
    let now = 0;
    const store = new MemoryLimitStore(() => now, 2);
    await store.hit('victim', 1000);
    await store.hit('other', 1000);
    await expect(store.hit('third', 1000)).rejects.toMatchObject({ statusCode: 503 });
    expect((await store.hit('victim', 1000)).count).toBe(2);
    now = 1001;
    expect((await store.hit('third', 1000)).count).toBe(1);
  });

  it('production refuses to start without REDIS_URL', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://localhost:25',
        CORS_ORIGINS: 'https://games.example.com',
      }),
    ).toThrow(/REDIS_URL must be set when NODE_ENV=production/);
  });
});
