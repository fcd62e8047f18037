import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { LoginResponse } from 'shared-contracts';

export type TokenKind = 'access' | 'refresh';

export interface TokenSubject {
  userId: number;
  /** The user's token_version when the token was issued. */
  version: number;
}

const ISSUER = 'account-api';
const AUDIENCE = 'games-portal';

export interface TokenSettings {
  key: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** The server clock (tests move it). */
  now?: () => Date;
}

/** HS256 JWTs: short-lived access tokens and longer refresh tokens, told apart by `typ`. */
export class TokenService {
  private readonly now: () => Date;
  constructor(private readonly settings: TokenSettings) {
    this.now = settings.now ?? (() => new Date());
  }

  private sign(subject: TokenSubject, kind: TokenKind, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ typ: kind, ver: subject.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .setJti(randomUUID())
      .sign(this.settings.key);
  }

  async issuePair(subject: TokenSubject): Promise<LoginResponse> {
    const [access_token, refresh_token] = await Promise.all([
      this.sign(subject, 'access', this.settings.accessTtlSeconds),
      this.sign(subject, 'refresh', this.settings.refreshTtlSeconds),
    ]);
    return { access_token, refresh_token, token_type: 'bearer' };
  }

  /** The subject of a valid, unexpired token of the given kind; null for anything else. */
  async verify(token: string, kind: TokenKind): Promise<TokenSubject | null> {
    try {
      const { payload } = await jwtVerify(token, this.settings.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      if (payload.typ !== kind || !Number.isSafeInteger(userId) || typeof payload.ver !== 'number') return null;
      return { userId, version: payload.ver };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
