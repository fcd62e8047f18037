// Which build a request sees: the one step from a request (its cookies, a preview link) and the
// release pointers to the remotes' manifest URLs it gets and the cookies to set (decisions 0046,
// 0047). The selectors (a canary's cohorts, a preview override) are its parts; the page route,
// /config.json and the preview link each ask it once per request, then answer with what it chose.
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookie } from 'cookie';
import type { RuntimeConfig } from '@portal/shared-contracts';
import { withOverrideParam } from './override-banner';
import { acceptedOverride, overrideCookie, overrideSelector } from './override-selector';
import { OVERRIDE_PARAM } from './override-token';
import { canarySelector } from './canary-selector';
import { readKeyedCookie } from './cohort-cookie';
import type { PointerState } from './pointer-state';
import { STEERING_COOKIES } from './steering-cookies';
import { composeSelectors, selectedConfig, type ReleaseSelector, type Selection, type Visitor } from './release-selector';

/** A Cookie header longer than this is not read (a selector gets no cookies, as a new visitor). */
const MAX_COOKIE_HEADER = 8_192;

const KEYED_COOKIES = STEERING_COOKIES.filter((cookie) => cookie.nginx === 'cache-key').map((cookie) => cookie.name);

/** What the selectors may see of a request. */
export function visitorOf(request: { url: string; headers: IncomingHttpHeaders }, https: boolean): Visitor {
  const raw = request.headers.cookie;
  const header = raw && raw.length <= MAX_COOKIE_HEADER ? raw : undefined;
  const cookies = header ? parseCookie(header) : {};
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(cookies))
    if (typeof value === 'string' && !KEYED_COOKIES.includes(name)) plain[name] = value;
  // The cookies nginx keys its cache by are read as nginx reads them, or not at all.
  const ambiguous: string[] = [];
  for (const name of KEYED_COOKIES) {
    const reading = readKeyedCookie(header, name);
    if (reading.ambiguous) ambiguous.push(name);
    else if (reading.value !== undefined) plain[name] = reading.value;
  }
  return { cookies: Object.freeze(plain), url: request.url, https, ...(ambiguous.length ? { ambiguous } : {}) };
}

/** Whether a request carries any steering cookie (as the selectors would read it). */
export function carriesSteeringCookie(request: { url: string; headers: IncomingHttpHeaders }): boolean {
  const { cookies } = visitorOf(request, false);
  return STEERING_COOKIES.some(({ name }) => Object.hasOwn(cookies, name));
}

export interface Steered {
  selection: Selection;
  /** The config this visitor's page and /config.json carry. */
  config: RuntimeConfig;
}

/** What the step is given of a request. */
export interface BuildRequest {
  /** Path and query, as asked. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Served over https (Fastify's `request.protocol`, trusted proxies only). */
  https: boolean;
  /** A page (the page routes' own rule): only a page answers the preview link. */
  isPage: boolean;
}

/**
 * The build a request sees: either a preview link answered (`?portal-override=<token>` on a page:
 * the token kept in a cookie, or the cookie cleared, and the browser sent to the same URL without
 * it, so the token stays out of the address bar, the history and any Referer), or the remotes'
 * URLs and the config drawn from them, with the cookies and caching that choice needs.
 */
export type WhichBuild =
  | { link: true; location: string; /** The override cookie, kept or cleared. */ setCookies: readonly [string] }
  | ({ link: false; /** Set-Cookie values to send with the answer. */ setCookies: readonly string[] } & Steered);

export interface SteeringOptions {
  /** The selectors, in order (default: the canary's cohorts, then preview overrides). */
  selectors?: readonly ReleaseSelector[];
  /** RELEASE_OVERRIDE_SECRET; null or absent: overrides are off (a link only clears the cookie). */
  overrideSecret?: string | null;
  now?: () => number;
}

/**
 * The steering every page service runs: the canary's cohorts, then preview overrides (decision
 * 0047: a tester's chosen build wins over their cohort's; a later selector wins for the same
 * remote). A new way of steering visitors is one more selector, with its cookie in
 * steering-cookies.ts.
 */
export class ReleaseSteering {
  private readonly selector: ReleaseSelector;
  private readonly overrideSecret: string | null;
  private readonly now: () => number;

  constructor({ overrideSecret = null, now = Date.now, selectors }: SteeringOptions = {}) {
    this.selector = composeSelectors(selectors ?? [canarySelector(), overrideSelector({ secret: overrideSecret, now })]);
    this.overrideSecret = overrideSecret;
    this.now = now;
  }

  /** The one step: which build this request sees, from its cookies or its preview link. */
  whichBuild(request: BuildRequest, pointers: PointerState, config: RuntimeConfig): WhichBuild {
    const token = request.isPage ? previewLinkToken(request.url) : null;
    if (token === null) {
      const steered = this.steer(visitorOf(request, request.https), pointers, config);
      return { link: false, ...steered, setCookies: steered.selection.setCookies };
    }
    const now = this.now();
    const claims = token === 'clear' ? null : acceptedOverride(token, this.overrideSecret, config, pointers, now);
    return {
      link: true,
      location: withOverrideParam(request.url, null),
      setCookies: [overrideCookie(claims ? token : null, { https: request.https, exp: claims?.exp ?? 0, now })],
    };
  }

  /** The selectors' choice for a visitor already read. */
  private steer(visitor: Visitor, pointers: PointerState, config: RuntimeConfig): Steered {
    const selection = this.selector.select(visitor, pointers, config);
    return { selection, config: selectedConfig(config, selection) };
  }
}

/** The token of `?portal-override=` (`clear` from the banner's link), or null when the URL has none. */
function previewLinkToken(url: string): string | null {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return null;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  return params.has(OVERRIDE_PARAM) ? (params.get(OVERRIDE_PARAM) ?? '') : null;
}

/**
 * Cache-Control, Vary and Set-Cookie for an answer drawn for this selection: a visitor's own
 * answer (it sets a cookie, or a selector said so) is private and never stored; a cohort's
 * answer may be shared only by caches that key it by the cookie (Vary: Cookie).
 */
export function steeringHeaders(selection: Selection, sharedCacheControl: string): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {
    'cache-control': selection.cacheable ? sharedCacheControl : 'private, no-store',
    vary: selection.key === '' && selection.cacheable ? 'Accept-Encoding' : 'Accept-Encoding, Cookie',
  };
  if (selection.setCookies.length) headers['set-cookie'] = [...selection.setCookies];
  return headers;
}
