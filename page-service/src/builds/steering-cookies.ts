// The cookies that steer a visitor to other releases, named in one place. nginx reads them too
// (deploy/nginx.conf: a request carrying one is never answered from a page file, and the proxy
// cache is keyed by, or bypassed for, them); a test keeps that file in step with this list.
import { stringifySetCookie } from 'cookie';
import { OVERRIDE_COOKIE } from './override-token';

/** The canary cohorts a visitor was drawn into, one label per running canary (canary-selector.ts). */
export const COHORT_COOKIE = 'portal_cohort';

/** Every steering cookie and how nginx treats a request carrying it. */
export const STEERING_COOKIES: readonly { name: string; nginx: 'cache-key' | 'no-cache' }[] = [
  // A few values per running canary: nginx keeps one copy of a page per value.
  { name: COHORT_COOKIE, nginx: 'cache-key' },
  // A preview override's token (decision 0047): that visitor's answers are theirs alone.
  { name: OVERRIDE_COOKIE, nginx: 'no-cache' },
];

/** How long a drawn cohort is kept; a canary that ends drops it sooner (the next answer clears it). */
export const COHORT_MAX_AGE_S = 30 * 86_400;

/**
 * A Set-Cookie value for a steering cookie (HttpOnly: the page's scripts never need it; Lax:
 * sent on top-level navigation to the site, not from other sites' subrequests). An empty value
 * deletes it.
 */
export function steeringCookie(name: string, value: string, { https, maxAgeS }: { https: boolean; maxAgeS: number }): string {
  return stringifySetCookie({
    name,
    value,
    path: '/',
    maxAge: value ? maxAgeS : 0,
    httpOnly: true,
    sameSite: 'lax',
    secure: https,
  });
}
