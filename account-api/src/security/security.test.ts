import { loadConfig } from '../config';
import { hashPassword, needsRehash, verifyPassword, DummyPasswordCheck } from './passwords';
import { deriveKeys } from './secrets';
import { TokenService } from './tokens';
import { hashSecret, newLinkToken, newNumericCode } from './one-time-secrets';

describe('passwords', () => {
  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('Passw0rd!', 10), hashPassword('Passw0rd!', 10)]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('Passw0rd!', a)).toBe(true);
    expect(await verifyPassword('Passw0rd?', a)).toBe(false);
    expect(await verifyPassword('Passw0rd!', 'garbage')).toBe(false);
  });

  it("defaults to OWASP's minimum (N=2^17, r=8, p=1); lower costs are for tests and refused in production", () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PASSWORD_HASH_COST: '15' })).toThrow(
      /refused with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).passwordHashCost).toBe(17);
  });

  it('tells which stored hashes need re-hashing at the current cost', async () => {
    const hash = await hashPassword('Passw0rd!', 10);
    expect(needsRehash(hash, 10)).toBe(false);
    expect(needsRehash(hash, 17)).toBe(true);
    expect(needsRehash(hash.replace('$10$8$1$', '$10$8$2$'), 10)).toBe(true);
    expect(needsRehash('bcrypt$whatever', 10)).toBe(true);
  });

  it('the dummy check always fails', async () => {
    expect(await new DummyPasswordCheck(10).run('anything')).toBe(false);
  });
});

describe('tokens', () => {
  const keys = deriveKeys('x'.repeat(40));
  const service = new TokenService({ key: keys.jwt, accessTtlSeconds: 60, refreshTtlSeconds: 120 });

  it('round-trips a subject and keeps access and refresh tokens apart', async () => {
    const pair = await service.issuePair({ userId: 7, version: 2, sessionId: 's-1', refreshJti: 'r-1' });
    expect(await service.verify(pair.access_token, 'access')).toEqual({
      userId: 7,
      version: 2,
      sessionId: 's-1',
      jti: expect.any(String),
    });
    expect(await service.verify(pair.refresh_token, 'refresh')).toEqual({ userId: 7, version: 2, sessionId: 's-1', jti: 'r-1' });
    expect(await service.verify(pair.access_token, 'refresh')).toBeNull();
    expect(await service.verify(pair.refresh_token, 'access')).toBeNull();
  });

  it('refuses tokens signed with another key, expired ones, and "alg: none"', async () => {
    const other = new TokenService({ key: deriveKeys('y'.repeat(40)).jwt, accessTtlSeconds: 60, refreshTtlSeconds: 60 });
    expect(
      await service.verify(
        (await other.issuePair({ userId: 1, version: 0, sessionId: 's', refreshJti: 'r' })).access_token,
        'access',
      ),
    ).toBeNull();
    let now = new Date('2026-01-01T00:00:00Z');
    const clocked = new TokenService({ key: keys.jwt, accessTtlSeconds: 60, refreshTtlSeconds: 60, now: () => now });
    const token = (await clocked.issuePair({ userId: 1, version: 0, sessionId: 's', refreshJti: 'r' })).access_token;
    expect(await clocked.verify(token, 'access')).not.toBeNull();
    now = new Date('2026-01-01T00:01:01Z');
    expect(await clocked.verify(token, 'access')).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","typ":"access","ver":0}').toString('base64url')}.`;
    expect(await service.verify(none, 'access')).toBeNull();
  });

  it('refuses a correctly signed token that names no session (issued before sessions existed)', async () => {
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT({ typ: 'access', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('account-api')
      .setAudience('games-portal')
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('j')
      .sign(keys.jwt);
    expect(await service.verify(legacy, 'access')).toBeNull();
  });
});

describe('one-time secrets', () => {
  it('codes are 6 digits; link tokens are 256-bit; hashes depend on the key', () => {
    const codes = new Set(Array.from({ length: 200 }, newNumericCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    expect(Buffer.from(newLinkToken(), 'base64url')).toHaveLength(32);
    const keyA = deriveKeys('a'.repeat(40)).codes;
    const keyB = deriveKeys('b'.repeat(40)).codes;
    expect(hashSecret(keyA, '123456')).not.toBe(hashSecret(keyB, '123456'));
    expect(hashSecret(keyA, '123456')).toBe(hashSecret(keyA, '123456'));
  });
});
