import { createHmac } from 'node:crypto';
import { loadConfig } from '../config';
import { hashPassword, needsRehash, verifyPassword, DummyPasswordCheck } from './passwords';
import { deriveKeys } from './secrets';
import { TokenService } from './tokens';
import { hashSecret, newLinkToken, newNumericCode } from './one-time-secrets';

/** The least a production start-up needs besides NODE_ENV. */
const PRODUCTION_ENV = {
  JWT_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://localhost:25',
  REDIS_URL: 'redis://localhost:6379',
  CORS_ORIGINS: 'https://games.example.com',
};

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
    expect(() => loadConfig({ ...PRODUCTION_ENV, NODE_ENV: 'production', PASSWORD_HASH_COST: '15' })).toThrow(
      /refused with NODE_ENV=production/,
    );
    expect(loadConfig({ ...PRODUCTION_ENV, NODE_ENV: 'production' }).passwordHashCost).toBe(17);
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
  const subject = { userId: 7, version: 2, sessionId: 'session-1' };

  const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  /** A token signed with the service's key, whatever it claims: only our checks stand between it and a session. */
  function forge(header: unknown, claims: Record<string, unknown>, algorithm = 'sha256'): string {
    const input = `${b64(header)}.${b64(claims)}`;
    return `${input}.${createHmac(algorithm, Buffer.from(keys.jwt)).update(input).digest('base64url')}`;
  }
  const validClaims = () => {
    const now = Math.floor(Date.now() / 1000);
    return {
      sub: '7',
      ver: 2,
      sid: 'session-1',
      typ: 'access',
      jti: 'j1',
      iss: 'account-api',
      aud: 'games-portal',
      iat: now,
      exp: now + 60,
    };
  };

  it('round-trips a subject and keeps access and refresh tokens apart', async () => {
    const pair = await service.issuePair({ ...subject, refreshJti: 'refresh-jti' });
    expect(service.verify(pair.access_token, 'access')).toMatchObject(subject);
    expect(service.verify(pair.refresh_token, 'refresh')).toEqual({ ...subject, jti: 'refresh-jti' });
    expect(service.verify(pair.access_token, 'refresh')).toBeNull();
    expect(service.verify(pair.refresh_token, 'access')).toBeNull();
  });

  it('accepts a correctly signed HS256 token with every claim right (the base the next tests alter)', () => {
    expect(service.verify(forge({ alg: 'HS256' }, validClaims()), 'access')).toEqual({ ...subject, jti: 'j1' });
  });

  it('refuses tokens signed with another key, expired ones, and "alg: none"', async () => {
    const other = new TokenService({ key: deriveKeys('y'.repeat(40)).jwt, accessTtlSeconds: 60, refreshTtlSeconds: 60 });
    expect(service.verify((await other.issuePair({ ...subject, refreshJti: 'r' })).access_token, 'access')).toBeNull();
    let now = new Date('2026-01-01T00:00:00Z');
    const clocked = new TokenService({ key: keys.jwt, accessTtlSeconds: 60, refreshTtlSeconds: 60, now: () => now });
    const token = (await clocked.issuePair({ ...subject, refreshJti: 'r' })).access_token;
    expect(clocked.verify(token, 'access')).not.toBeNull();
    now = new Date('2026-01-01T00:01:00Z');
    expect(clocked.verify(token, 'access')).toBeNull();
    const none = `${b64({ alg: 'none' })}.${b64({ ...validClaims() })}.`;
    expect(service.verify(none, 'access')).toBeNull();
  });

  it('refuses any other algorithm, crit headers and altered signatures or payloads', () => {
    expect(service.verify(forge({ alg: 'HS512' }, validClaims(), 'sha512'), 'access')).toBeNull();
    expect(service.verify(forge({ alg: 'HS512' }, validClaims()), 'access')).toBeNull();
    expect(service.verify(forge({ alg: 'HS256', crit: ['exp'] }, validClaims()), 'access')).toBeNull();
    expect(service.verify(forge('not json', validClaims()), 'access')).toBeNull();
    const good = forge({ alg: 'HS256' }, validClaims());
    const [header, payload, signature] = good.split('.') as [string, string, string];
    expect(service.verify(`${header}.${b64({ ...validClaims(), sub: '8' })}.${signature}`, 'access')).toBeNull();
    expect(service.verify(`${header}.${payload}.${signature}x`, 'access')).toBeNull();
    expect(service.verify(`${header}.${payload}.${signature.slice(0, -1)}`, 'access')).toBeNull();
    expect(service.verify(`${good}.extra`, 'access')).toBeNull();
    expect(service.verify(`${header}.${payload}`, 'access')).toBeNull();
    expect(service.verify('', 'access')).toBeNull();
    expect(service.verify(`${good}${'a'.repeat(3000)}`, 'access')).toBeNull();
  });

  it('checks issuer, audience, expiry, not-before, kind and the shape of every claim', () => {
    const refused = (changes: Record<string, unknown>) =>
      service.verify(forge({ alg: 'HS256' }, { ...validClaims(), ...changes }), 'access');
    const now = Math.floor(Date.now() / 1000);
    expect(refused({ aud: ['other', 'games-portal'] })).not.toBeNull();
    for (const changes of [
      { iss: 'someone-else' },
      { iss: undefined },
      { aud: 'other' },
      { aud: undefined },
      { exp: undefined },
      { exp: '9999999999' },
      { exp: now },
      { nbf: now + 30 },
      { iat: 'yesterday' },
      { typ: 'refresh' },
      { typ: undefined },
      { sub: 'abc' },
      { sub: '007' },
      { sub: 7 },
      { sub: '99999999999999999' },
      { ver: '2' },
      { ver: 1.5 },
      { ver: -1 },
      { sid: undefined },
      { sid: '' },
      { sid: 42 },
      { jti: undefined },
    ])
      expect([changes, refused(changes)]).toEqual([changes, null]);
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
    expect(service.verify(legacy, 'access')).toBeNull();
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
