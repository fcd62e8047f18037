import { decodeJwtClaims, isTokenExpired, tokenExpiresAt } from '../src/account';

/** An unsigned JWT whose payload says when it expires (seconds), as the API's tokens do. */
function fakeJwt(expSeconds: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: expSeconds, ...claims })}.signature`;
}

describe('JWT expiry helpers', () => {
  it('reads exp from a JWT', () => {
    expect(tokenExpiresAt(fakeJwt(1_700_000_000))).toBe(1_700_000_000_000);
    expect(decodeJwtClaims(fakeJwt(1, { name: 'Zoë' }))?.name).toBe('Zoë');
  });

  it('is expired once exp has passed', () => {
    const token = fakeJwt(1000);
    expect(isTokenExpired(token, 999_999)).toBe(false);
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
  });

  it('treats non-JWTs and tokens without exp as not expiring', () => {
    for (const token of [
      '',
      'opaque',
      'a.b',
      'a.!!!.c',
      `x.${Buffer.from('[1]').toString('base64url')}.y`,
      `x.${Buffer.from('{"exp":"soon"}').toString('base64url')}.y`,
    ]) {
      expect(tokenExpiresAt(token)).toBeNull();
      expect(isTokenExpired(token, Date.now())).toBe(false);
    }
  });
});
