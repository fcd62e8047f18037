// Preview overrides (decision 0047): a signed, expiring token that makes one browser load another
// build of one remote in the production shell. `npm run release -- override-token` signs it
// (scripts/release.mjs imports this very file, so the format exists once); the page service
// verifies it on each page of a visitor who carries it. HMAC-SHA256 over the remote, the manifest
// URL and the expiry, with the secret both are given as RELEASE_OVERRIDE_SECRET (each reads it
// with the settings' reader, which refuses one too short to be a key): a token whose
// signature, expiry or shape is wrong is worth nothing.
// Node built-ins only, and only syntax Node can strip: Node runs this file from the release script.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface OverrideClaims {
  /** The remote's container name (mf_catalog). */
  remote: string;
  /** The manifest the override loads (…/mf-manifest.json). */
  url: string;
  /** Expiry, in ms since the epoch. */
  exp: number;
  /** A short id the history, `release status` and the banner name the override by. */
  id: string;
}

const PREFIX = 'v1';
/** Longest token taken (a cookie stays well under the browsers' 4 KB). */
export const MAX_TOKEN_LENGTH = 2048;
/** The query parameter that sets an override once, and the cookie that keeps it (nginx reads it as $cookie_portal_override). */
export const OVERRIDE_PARAM = 'portal-override';
export const OVERRIDE_COOKIE = 'portal_override';

const mac = (payload: string, secret: string): string =>
  createHmac('sha256', secret).update(`${PREFIX}.${payload}`).digest('base64url');

/** `v1.<claims as base64url JSON>.<HMAC-SHA256 of "v1.<claims>" as base64url>`. */
export function signOverride(claims: Omit<OverrideClaims, 'id'> & { id?: string }, secret: string): string {
  const full: OverrideClaims = {
    remote: claims.remote,
    url: claims.url,
    exp: claims.exp,
    id: claims.id ?? randomBytes(6).toString('hex'),
  };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${PREFIX}.${payload}.${mac(payload, secret)}`;
}

const isClaims = (value: unknown): value is OverrideClaims => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.remote === 'string' && typeof v.url === 'string' && typeof v.exp === 'number' && typeof v.id === 'string';
};

/** The token's claims when its signature is right and it has not expired; otherwise null. */
export function verifyOverride(token: string | undefined, secret: string | null, now = Date.now()): OverrideClaims | null {
  if (!token || !secret || token.length > MAX_TOKEN_LENGTH) return null;
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
  if (!isClaims(claims) || !(claims.exp > now) || !URL.canParse(claims.url)) return null;
  return claims;
}

/** The claims of a token without checking it: only for showing what a token says (never trusted). */
export function readOverride(token: string): OverrideClaims | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return isClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}

/** "2h", "30m", "1d", "90s" → milliseconds; null when not of that form. */
export function parseTtl(text: string): number | null {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!match) return null;
  const units: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  const ms = Number(match[1]) * (units[match[2] ?? ''] ?? 0);
  return ms > 0 ? ms : null;
}

/** An origin on the config's allow-list (`overrideOrigins`), compared as origins. */
export function originAllowed(url: string, allowed: readonly string[] | undefined): boolean {
  if (!URL.canParse(url) || !allowed?.length) return false;
  const { origin, protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') return false;
  return allowed.some((entry) => URL.canParse(entry) && new URL(entry).origin === origin);
}
