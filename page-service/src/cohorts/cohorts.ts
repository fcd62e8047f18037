// Which release of each remote a page is drawn with, for this visitor (decision 0041):
// - Canary: while a canary runs, each visitor gets a random id in a cookie (pv_rid); a hash of that
//   id, the remote and the canary's id puts them in or out of it, the same way on every page and
//   reload until the canary ends (widening it keeps everyone who was in). The cohort's label goes
//   in a second cookie (pv_cohort) so a shared cache can key pages by it (nginx: $cookie_pv_cohort).
// - Preview override: a signed token (override-token.ts), given once as ?release_override=<token>,
//   is kept in a cookie (pv_override); while it is valid and its manifest's origin is on the
//   config's allow-list (releaseOverrideOrigins), that remote loads from it, a banner says so, and
//   the page is private (never in a shared cache). Anything invalid does nothing.
// The page's HTML, fragments, preload hints and CSP all come from the one config this produces,
// so a page never mixes releases.
import { createHash, randomBytes } from 'node:crypto';
import type { RuntimeConfig } from 'shared-contracts';
import { overrideBanner } from './override-banner';
import { verifyOverride, type OverrideClaims } from './override-token';
import type { ReleaseSteering } from './release-steering';

export const VISITOR_COOKIE = 'pv_rid';
export const COHORT_COOKIE = 'pv_cohort';
export const OVERRIDE_COOKIE = 'pv_override';
export const OVERRIDE_PARAM = 'release_override';
/** The cohort a page was drawn for: "live" (no canary running), "stable", or "mf_catalog:v2+…". */
export const COHORT_HEADER = 'x-release-cohort';
/** Present (the override's id) on a page drawn with a preview override: never store it in a shared cache. */
export const OVERRIDE_HEADER = 'x-release-override';

const VISITOR_ID = /^[0-9a-f]{16}$/;
/** A visitor stays in their cohort this long without coming back. */
const VISITOR_MAX_AGE_S = 30 * 86_400;

/** How a page differs from the live config's page. */
export interface PageVariant {
  /** Part of the render cache's key. */
  key: string;
  /** Manifest URLs set over the config's, per remote. */
  remotes: Record<string, string>;
  /** Put at the end of <body>, outside the part React hydrates. */
  bannerHtml: string;
}

export interface CohortDecision {
  variant: PageVariant | null;
  /** COHORT_HEADER's value. */
  label: string;
  override: OverrideClaims | null;
  setCookies: string[];
  /** Cache-Control for this answer, when it must not be the shared one. */
  cacheControl: string | null;
  /** Answer with a 303 to this URL (the token or "clear" taken out of it). */
  redirectTo: string | null;
}

export interface CohortRequest {
  /** Path and query. */
  url: string;
  cookieHeader: string | undefined;
  https: boolean;
  config: RuntimeConfig;
  steering: ReleaseSteering;
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';').map((p) => p.trim())) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at);
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

const cookie = (name: string, value: string, maxAgeS: number, https: boolean) =>
  `${name}=${value}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeS))}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;

/** Where in [0, 10000) a visitor falls for one canary: uniform, and fixed for that visitor and canary. */
export function positionOf(visitor: string, remote: string, canaryId: string): number {
  return createHash('sha256').update(`${visitor}:${remote}:${canaryId}`).digest().readUInt32BE(0) % 10_000;
}

/** The origins previews may load from: the runtime config's `releaseOverrideOrigins`. */
function allowedOrigins(config: RuntimeConfig): Set<string> {
  const list = (config as { releaseOverrideOrigins?: unknown }).releaseOverrideOrigins;
  return new Set(
    (Array.isArray(list) ? list : [])
      .filter((o): o is string => typeof o === 'string' && URL.canParse(o))
      .map((o) => new URL(o).origin),
  );
}

export class Cohorts {
  /** @param secret the override tokens' HMAC secret; null: preview overrides are off. */
  constructor(
    private readonly secret: string | null,
    private readonly now: () => number = Date.now,
  ) {}

  private usableOverride(token: string | undefined, config: RuntimeConfig): OverrideClaims | null {
    const claims = verifyOverride(token, this.secret, this.now());
    if (!claims) return null;
    const remotes = (config.remotes as Record<string, string> | undefined) ?? {};
    if (!(claims.remote in remotes) || !allowedOrigins(config).has(new URL(claims.url).origin)) return null;
    return claims;
  }

  decide({ url, cookieHeader, https, config, steering }: CohortRequest): CohortDecision {
    const cookies = parseCookies(cookieHeader);
    const setCookies: string[] = [];
    const parsed = new URL(url, 'http://page.invalid');
    const given = parsed.searchParams.get(OVERRIDE_PARAM);
    if (given !== null) {
      const claims = given === 'clear' ? null : this.usableOverride(given, config);
      if (given === 'clear' || claims) {
        parsed.searchParams.delete(OVERRIDE_PARAM);
        setCookies.push(
          claims
            ? cookie(OVERRIDE_COOKIE, given, (claims.exp - this.now()) / 1000, https)
            : cookie(OVERRIDE_COOKIE, '', 0, https),
        );
        const redirectTo = `${parsed.pathname}${parsed.search}`;
        return { variant: null, label: '', override: claims, setCookies, cacheControl: 'private, no-store', redirectTo };
      }
      // Not a valid token: as if it was not there.
    }

    const remotes: Record<string, string> = {};
    let label = 'live';
    if (steering.canaries.length > 0) {
      let visitor = cookies.get(VISITOR_COOKIE) ?? '';
      if (!VISITOR_ID.test(visitor)) {
        visitor = randomBytes(8).toString('hex');
        setCookies.push(cookie(VISITOR_COOKIE, visitor, VISITOR_MAX_AGE_S, https));
      }
      const joined = steering.canaries.filter((c) => positionOf(visitor, c.remote, c.id) < c.share * 100);
      for (const c of joined) remotes[c.remote] = c.url;
      label = joined.map((c) => `${c.remote}:${c.version}`).join('+') || 'stable';
      if (cookies.get(COHORT_COOKIE) !== label) setCookies.push(cookie(COHORT_COOKIE, label, VISITOR_MAX_AGE_S, https));
    } else if (cookies.has(COHORT_COOKIE)) {
      setCookies.push(cookie(COHORT_COOKIE, '', 0, https)); // the canary ended: back to the shared pages
    }

    const token = cookies.get(OVERRIDE_COOKIE);
    const override = token ? this.usableOverride(token, config) : null;
    if (token && !override) setCookies.push(cookie(OVERRIDE_COOKIE, '', 0, https));
    if (override) remotes[override.remote] = override.url;

    const variant: PageVariant | null =
      Object.keys(remotes).length > 0
        ? {
            key: `${label}|${override ? `${override.id}@${override.url}` : ''}`,
            remotes,
            bannerHtml: override ? overrideBanner(override, parsed.pathname) : '',
          }
        : null;
    return {
      variant,
      label,
      override,
      setCookies,
      cacheControl: override ? 'private, no-store' : setCookies.length > 0 ? 'private, no-cache' : null,
      redirectTo: null,
    };
  }
}

/** The config a variant's page is drawn with. */
export const configFor = (config: RuntimeConfig, variant: PageVariant | null | undefined): RuntimeConfig =>
  variant ? { ...config, remotes: { ...config.remotes, ...variant.remotes } } : config;
