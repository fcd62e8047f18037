/**
 * Pure helpers for the session of product §4: reading a JWT's expiry without verifying it.
 * The server verifies signatures; the browser only needs to know when to stop trusting a token.
 */

/** Decodes a base64url segment to text; null when it is not valid base64url. */
function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    // atob yields Latin-1; re-decode as UTF-8 so non-ASCII claims survive.
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

/** The claims of a JWT (header.payload.signature), or null when it is not one. */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const json = decodeBase64Url(parts[1]);
  if (json === null) return null;
  try {
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** When the token expires, in epoch milliseconds; null when it has no readable `exp`. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeJwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** True once `exp` has passed. A token without `exp` never expires here (the server decides). */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt <= nowMs;
}
