// Preview overrides: a signed, expiring token that lets one browser load another build of one
// remote in the production shell. `npm run release -- override-token` makes it (scripts/release.mjs
// imports this file directly, so the format exists once); the page service checks it on each page.
// HMAC-SHA256 with a secret both sides read from the environment or a file: a token whose
// signature, expiry or shape is wrong is worth nothing.
// Imports: node built-ins only (Node runs this file as TypeScript from the release script).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface OverrideClaims {
  /** The remote's container name (mf_catalog). */
  remote: string;
  /** The manifest the override loads (…/mf-manifest.json). */
  url: string;
  /** Issued and expiry times, in ms since the epoch. */
  iat: number;
  exp: number;
  /** Short id, shown by `release status` and in the banner. */
  id: string;
}

const PREFIX = 'v1';
/** A shorter secret is refused: an HMAC key must not be guessable. */
export const MIN_SECRET_LENGTH = 32;

const mac = (payload: string, secret: string) => createHmac('sha256', secret).update(`${PREFIX}.${payload}`).digest('base64url');

export function signOverride(claims: Omit<OverrideClaims, 'id'> & { id?: string }, secret: string): string {
  const full: OverrideClaims = { ...claims, id: claims.id ?? randomBytes(6).toString('hex') };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${PREFIX}.${payload}.${mac(payload, secret)}`;
}

const isClaims = (value: unknown): value is OverrideClaims => {
  const v = value as Partial<OverrideClaims> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.remote === 'string' &&
    typeof v.url === 'string' &&
    typeof v.iat === 'number' &&
    typeof v.exp === 'number' &&
    typeof v.id === 'string'
  );
};

/** The token's claims when its signature is right and it has not expired; otherwise null. */
export function verifyOverride(token: string | undefined, secret: string | null, now = Date.now()): OverrideClaims | null {
  if (!token || !secret || token.length > 2048) return null;
  const [prefix, payload = '', signature = '', ...rest] = token.split('.');
  if (prefix !== PREFIX || rest.length > 0 || !payload || !signature) return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.exp <= now || !URL.canParse(claims.url)) return null;
  return claims;
}

/** "2h", "30m", "1d", "90s" → milliseconds; null when not of that form. */
export function parseTtl(text: string): number | null {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!match) return null;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd'];
  const ms = Number(match[1]) * unit;
  return ms > 0 ? ms : null;
}

/**
 * The signing secret: RELEASE_OVERRIDE_SECRET, or the first line of RELEASE_OVERRIDE_SECRET_FILE.
 * Null when neither is set (overrides are then off); throws when it is set but unusable.
 */
export function overrideSecretFrom(env: NodeJS.ProcessEnv): string | null {
  const fromFile = env.RELEASE_OVERRIDE_SECRET_FILE;
  const secret =
    env.RELEASE_OVERRIDE_SECRET ?? (fromFile ? (readFileSync(fromFile, 'utf8').split('\n')[0] ?? '').trim() : undefined);
  if (secret === undefined) return null;
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`the override secret must be at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32)`);
  return secret;
}
