import { AxiosError } from 'axios';
import { decodeJwtClaims, tokenExpiresAt } from '@portal/shared-contracts/account';
import type { AccountServices } from '../store/services';

/** Renew at most this long before the access token expires… */
export const RENEW_AHEAD_MAX_MS = 60_000;
/** …and never earlier than this share of its lifetime before (short test lifetimes). */
export const RENEW_AHEAD_SHARE = 0.2;
/** After a renewal that got no answer (offline), try again this much later. */
export const RENEW_RETRY_MS = 10_000;
/** Never renew again sooner than this after a renewal (a guard against loops on odd clocks). */
export const RENEW_MIN_GAP_MS = 5_000;

/**
 * How far this browser's clock runs ahead of the server's, measured on a token just received
 * (its `iat` is the server's "now"); 0 when unknown.
 */
export function clockSkewOf(freshToken: string | null, now: number): number {
  const issuedAt = freshToken === null ? undefined : decodeJwtClaims(freshToken)?.iat;
  return typeof issuedAt === 'number' ? now - issuedAt * 1000 : 0;
}

/**
 * When to renew `token` (ms from `now`; 0 = now), or null for a token without a readable
 * `exp` (it never expires client-side). Without `iat` the lead is RENEW_AHEAD_MAX_MS.
 */
export function renewalDelay(token: string, now: number): number | null {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return null;
  const issuedAt = decodeJwtClaims(token)?.iat;
  const lifetime = typeof issuedAt === 'number' ? expiresAt - issuedAt * 1000 : Infinity;
  const ahead = Math.min(RENEW_AHEAD_MAX_MS, Math.max(lifetime, 0) * RENEW_AHEAD_SHARE);
  return Math.max(expiresAt - ahead - now, 0);
}

/** Held for its whole life by the one tab that renews for every tab of this browser. */
export const RENEWAL_LEADER_LOCK = 'mf-account:token-renewal-leader';
let leadership: 'none' | 'waiting' | 'leader' = 'none';

/**
 * Whether this tab renews (decision 0014). Taking turns under one lock is not enough: a tab's
 * localStorage write reaches other tabs asynchronously, so the next tab in line could still read
 * the refresh token just spent, and presenting a spent one revokes the session. So one tab, the
 * holder of a lock kept until it closes, renews; the others follow the stored tokens through
 * storage events, and when the leader closes the next tab takes over. Without Web Locks (old
 * browsers, jsdom) every tab renews for itself.
 */
export function claimRenewalLeadership(): boolean {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return true;
  if (leadership === 'none') {
    leadership = 'waiting';
    void locks.request(RENEWAL_LEADER_LOCK, () => {
      leadership = 'leader';
      return new Promise<never>(() => undefined);
    });
  }
  return leadership === 'leader';
}

/** renewed: a new pair is stored; skipped: another tab already renewed (or nothing to renew); follower: another tab renews for this one; refused: the server said no; unavailable: no answer. */
export type RenewalOutcome = 'renewed' | 'skipped' | 'follower' | 'refused' | 'unavailable';

/**
 * Trades the refresh token for a new pair (the server rotates: the presented refresh token is
 * spent, and presenting it again revokes the whole session). Only the leader tab renews, one
 * renewal at a time (the renewal saga's loop), and it re-reads the stored tokens first, so a
 * refresh token is never presented twice.
 */
export async function renewTokens(
  services: AccountServices,
  clockSkewMs = 0,
  seenRefresh: string | null = null,
): Promise<RenewalOutcome> {
  if (!claimRenewalLeadership()) return 'follower';
  const access = services.tokens.readAccess();
  const refresh = services.tokens.readRefresh();
  if (access === null || refresh === null) return 'skipped';
  // Another tab (or store) renewed meanwhile: its refresh token replaced the one we saw.
  if (seenRefresh !== null && refresh !== seenRefresh) return 'skipped';
  const wait = renewalDelay(access, services.now() - clockSkewMs);
  if (wait === null || wait > 0) return 'skipped';
  try {
    services.tokens.save(await services.api.refreshToken({ refresh_token: refresh }));
    return 'renewed';
  } catch (error) {
    const status = error instanceof AxiosError ? error.response?.status : undefined;
    // 5xx and 429 are the server's trouble, not a verdict on the session: try again later.
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) return 'refused';
    return 'unavailable';
  }
}
