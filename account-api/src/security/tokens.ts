import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { LoginResponse } from 'shared-contracts';

export type TokenKind = 'access' | 'refresh';

export interface TokenSubject {
  userId: number;
  /** The user's token_version when the token was issued. */
  version: number;
}

/** What a token is issued for: the user and the session (refresh-token family) it belongs to. */
export interface TokenGrant extends TokenSubject {
  /** The `sid` claim: the sessions row. */
  sessionId: string;
  /** The refresh token's `jti`: the session's current refresh_jti. */
  refreshJti: string;
}

/** A verified token: its subject, session and own id. */
export interface VerifiedToken extends TokenSubject {
  sessionId: string;
  jti: string;
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

  private sign(grant: TokenGrant, kind: TokenKind, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ typ: kind, ver: grant.version, sid: grant.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(grant.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .setJti(kind === 'refresh' ? grant.refreshJti : randomUUID())
      .sign(this.settings.key);
  }

  async issuePair(grant: TokenGrant): Promise<LoginResponse> {
    const [access_token, refresh_token] = await Promise.all([
      this.sign(grant, 'access', this.settings.accessTtlSeconds),
      this.sign(grant, 'refresh', this.settings.refreshTtlSeconds),
    ]);
    return { access_token, refresh_token, token_type: 'bearer' };
  }

  /** The subject of a valid, unexpired token of the given kind; null for anything else. */
  async verify(token: string, kind: TokenKind): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.settings.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      const { typ, ver, sid, jti } = payload;
      if (typ !== kind || !Number.isSafeInteger(userId) || typeof ver !== 'number') return null;
      // Tokens from before sessions existed carry no sid: they belong to no session and are refused.
      if (typeof sid !== 'string' || sid === '' || typeof jti !== 'string' || jti === '') return null;
      return { userId, version: ver, sessionId: sid, jti };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
