// Preview overrides as a release selector (decisions 0046, 0047): a visitor whose override cookie
// holds a valid token (signed with RELEASE_OVERRIDE_SECRET, not expired, for a remote the config
// has, loading a manifest on an origin of `overrideOrigins`) gets that build of that remote, over
// the canary's choice, in pages that are theirs alone (never stored by a shared cache, never a
// page file) and carry the banner. Any other cookie value, or a token `release revoke-override`
// ended, is cleared and changes nothing.
import type { RuntimeConfig } from '@portal/shared-contracts';
import type { PointerState } from './pointer-state';
import { EVERYONE, type ReleaseSelector, type Selection } from './release-selector';
import { steeringCookie } from './steering-cookies';
import { overrideBanner } from './override-banner';
import { OVERRIDE_COOKIE, originAllowed, verifyOverride, type OverrideClaims } from './override-token';

/** The claims of a token this config accepts and no one has revoked, or null. */
export function acceptedOverride(
  token: string | undefined,
  secret: string | null,
  config: Pick<RuntimeConfig, 'remotes' | 'overrideOrigins'>,
  pointers: PointerState,
  now: number,
): OverrideClaims | null {
  const claims = verifyOverride(token, secret, now);
  if (!claims) return null;
  const remotes = (config.remotes as Record<string, string> | undefined) ?? {};
  if (!Object.hasOwn(remotes, claims.remote)) return null;
  if (pointers.remotes[claims.remote]?.revokedOverrides.includes(claims.id)) return null;
  return originAllowed(claims.url, config.overrideOrigins) ? claims : null;
}

/** Set-Cookie values keeping a token for what is left of its life, or deleting the cookie. */
export function overrideCookie(
  token: string | null,
  { https, exp = 0, now = Date.now() }: { https: boolean; exp?: number; now?: number },
): string {
  const maxAgeS = Math.floor((exp - now) / 1000);
  return token && maxAgeS > 0
    ? steeringCookie(OVERRIDE_COOKIE, token, { https, maxAgeS })
    : steeringCookie(OVERRIDE_COOKIE, '', { https, maxAgeS: 0 });
}

export interface OverrideSelectorOptions {
  /** RELEASE_OVERRIDE_SECRET; null: overrides are off (every override cookie is cleared). */
  secret: string | null;
  now?: () => number;
}

export function overrideSelector({ secret, now = Date.now }: OverrideSelectorOptions): ReleaseSelector {
  return {
    select(visitor, state, config): Selection {
      const token = visitor.cookies[OVERRIDE_COOKIE];
      if (token === undefined) return EVERYONE;
      const claims = acceptedOverride(token, secret, config, state, now());
      // A cookie that grants nothing: the stable pages, and the cookie goes.
      if (!claims) return { remotes: {}, key: '', setCookies: [overrideCookie(null, visitor)], cacheable: false };
      return {
        remotes: { [claims.remote]: claims.url },
        // One variant per token issued (a handful, each made by a person), never per visitor.
        key: `override:${claims.id}`,
        setCookies: [],
        cacheable: false,
        banners: [overrideBanner(claims, visitor.url)],
      };
    },
  };
}
