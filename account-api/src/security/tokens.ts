import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { LoginResponse } from '@portal/shared-contracts/account';
import { sameBytes } from './same-bytes';
import type { SigningKeySource } from './signing-keys';

export type TokenKind = 'access' | 'refresh';

export interface TokenSubject {
  userId: number;
  /** The user's token_version when the token was issued. */
  version: number;
  /** The session (refresh-token family) the token belongs to: the `sid` claim (decision 0007). */
  sessionId: string;
}

/** What a valid token says: its subject and its own id. */
export interface TokenClaims extends TokenSubject {
  jti: string;
}
export type VerifiedToken = TokenClaims;

/** What a pair is issued for: the user, the session, and the refresh token's `jti` (the session's refresh_jti). */
export interface TokenGrant extends TokenSubject {
  refreshJti: string;
}

const ISSUER = 'account-api';
const AUDIENCE = 'games-portal';
/** Longer than any token we issue; anything bigger is refused before any work. */
const MAX_TOKEN_LENGTH = 2048;
/** Tokens whose signature and claims already passed, with their expiry (see `verify`). */
const VERIFIED_CACHE_SIZE = 5000;

export type TokenSettings = (
  | {
      /** One fixed key, no `kid` (unit tests). */
      key: Uint8Array;
    }
  | {
      /** The rotating keys (SigningKeyRing): the active one signs, its `kid` in the header. */
      keys: SigningKeySource;
    }
) & {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** The server clock (tests move it). */
  now?: () => Date;
};

function fixedKey(key: Uint8Array): SigningKeySource {
  const keyObject = createSecretKey(key);
  return { signing: () => ({ kid: null, key: keyObject }), verifying: (kid) => (kid === null ? keyObject : null) };
}

type JsonObject = Record<string, unknown>;

function decodeJsonObject(segment: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

/**
 * HS256 JWTs: short-lived access tokens and longer refresh tokens, told apart by `typ`, signed
 * with the active key of the key ring (its `kid` in the header; the primary key has none) and
 * verified with the key their `kid` names while that key is still valid (decision 0037).
 * Signing goes through jose; verifying is on every authenticated request, so it is done here
 * synchronously with node:crypto's HMAC and a KeyObject built once (decision 0024), with the same
 * strictness as jose: only alg HS256 and no `crit`, a constant-time signature comparison, then
 * iss, aud, exp (and nbf when present), typ and the shape of sub/ver/sid/jti.
 */
export class TokenService {
  private readonly now: () => Date;
  private readonly keys: SigningKeySource;
  private readonly verified = new Map<string, { kind: TokenKind; claims: TokenClaims; exp: number; kid: string | null }>();
  constructor(private readonly settings: TokenSettings) {
    this.now = settings.now ?? (() => new Date());
    this.keys = 'keys' in settings ? settings.keys : fixedKey(settings.key);
  }

  private sign(subject: TokenSubject, kind: TokenKind, ttlSeconds: number, jti: string): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const { kid, key } = this.keys.signing();
    return new SignJWT({ typ: kind, ver: subject.version, sid: subject.sessionId })
      .setProtectedHeader(kid === null ? { alg: 'HS256' } : { alg: 'HS256', kid })
      .setSubject(String(subject.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .setJti(jti)
      .sign(key);
  }

  /** An access and a refresh token for one session; `refreshJti` is the id the session row keeps. */
  async issuePair(grant: TokenGrant): Promise<LoginResponse> {
    const [access_token, refresh_token] = await Promise.all([
      this.sign(grant, 'access', this.settings.accessTtlSeconds, randomUUID()),
      this.sign(grant, 'refresh', this.settings.refreshTtlSeconds, grant.refreshJti),
    ]);
    return { access_token, refresh_token, token_type: 'bearer' };
  }

  /**
   * The claims of a valid, unexpired token of the given kind; null for anything else.
   * A client sends the same access token for its whole life, so the outcome of the signature
   * and claim checks is remembered per token text (only for tokens that passed, bounded, and the
   * expiry is checked again on every call). Nothing about the user or session is remembered:
   * that is the per-request database check in http/auth.ts.
   */
  verify(token: string, kind: TokenKind): TokenClaims | null {
    const known = this.verified.get(token);
    if (known) {
      // The key may have been retired since: that ends its tokens on the next request too.
      const valid = known.exp > Math.floor(this.now().getTime() / 1000) && this.keys.verifying(known.kid) !== null;
      if (known.kind === kind && valid) return known.claims;
      if (known.kind === kind) this.verified.delete(token);
      return null;
    }
    const checked = this.check(token, kind);
    // Refresh tokens are used once each (rotation): remembering them would only take room.
    if (checked && kind === 'access') {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { kind, claims: checked.claims, exp: checked.exp, kid: checked.kid });
    }
    return checked?.claims ?? null;
  }

  private check(token: string, kind: TokenKind): { claims: TokenClaims; exp: number; kid: string | null } | null {
    if (token.length > MAX_TOKEN_LENGTH) return null;
    const headerEnd = token.indexOf('.');
    const payloadEnd = token.indexOf('.', headerEnd + 1);
    if (headerEnd <= 0 || payloadEnd <= headerEnd + 1 || token.indexOf('.', payloadEnd + 1) !== -1) return null;

    // Only the header's kid is read before the signature: it names the key to check with (an
    // unknown or retired kid has none). Nothing else an unsigned token says is read. Comparing the
    // canonical base64url text (not decoded bytes) also refuses re-encoded signatures.
    const header = decodeJsonObject(token.slice(0, headerEnd));
    if (!header) return null;
    const kid = header.kid === undefined ? null : header.kid;
    if (kid !== null && typeof kid !== 'string') return null;
    const key = this.keys.verifying(kid);
    if (!key) return null;
    const expected = Buffer.from(createHmac('sha256', key).update(token.slice(0, payloadEnd)).digest('base64url'));
    const presented = Buffer.from(token.slice(payloadEnd + 1));
    if (!sameBytes(presented, expected)) return null;

    if (header.alg !== 'HS256' || header.crit !== undefined) return null;
    const claims = decodeJsonObject(token.slice(headerEnd + 1, payloadEnd));
    if (!claims) return null;

    const now = Math.floor(this.now().getTime() / 1000);
    const { iss, aud, exp, nbf, iat, typ, sub, ver, sid, jti } = claims;
    if (iss !== ISSUER) return null;
    if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
    if (typeof exp !== 'number' || exp <= now) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
    if (iat !== undefined && typeof iat !== 'number') return null;
    if (typ !== kind) return null;
    if (typeof sub !== 'string' || !/^[1-9]\d{0,15}$/.test(sub)) return null;
    const userId = Number(sub);
    if (!Number.isSafeInteger(userId)) return null;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
    if (typeof sid !== 'string' || sid === '' || sid.length > 128) return null;
    if (typeof jti !== 'string' || jti === '') return null;
    return { claims: { userId, version: ver, sessionId: sid, jti }, exp, kid };
  }
}
