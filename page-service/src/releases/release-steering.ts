// The one place a request meets the release selectors (decision 0046): the page route and
// /config.json call `steer` once per request, then answer with what it chose.
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookie } from 'cookie';
import type { RuntimeConfig } from 'shared-contracts';
import { overrideSelector } from '../overrides/override-selector';
import { overrideSecretFrom } from '../overrides/override-token';
import { canarySelector } from './canary-selector';
import { readKeyedCookie } from './cohort-cookie';
import type { PointerState } from './pointer-state';
import { STEERING_COOKIES } from './steering-cookies';
import { composeSelectors, selectedConfig, type ReleaseSelector, type Selection, type Visitor } from './release-selector';

/**
 * The selectors every page service runs, in order (a later one wins for the same remote). A new
 * way of steering visitors is one more entry here, with its cookie in steering-cookies.ts.
 * Preview overrides (decision 0047) come last: a tester's chosen build wins over their cohort's.
 */
export const defaultSelectors = (env: NodeJS.ProcessEnv = {}): ReleaseSelector[] => [
  canarySelector(),
  overrideSelector({ secret: overrideSecretFrom(env) }),
];

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

export interface Steered {
  selection: Selection;
  /** The config this visitor's page and /config.json carry. */
  config: RuntimeConfig;
}

export class ReleaseSteering {
  private readonly selector: ReleaseSelector;

  constructor(selectors: readonly ReleaseSelector[] = defaultSelectors()) {
    this.selector = composeSelectors(selectors);
  }

  steer(visitor: Visitor, pointers: PointerState, config: RuntimeConfig): Steered {
    const selection = this.selector.select(visitor, pointers, config);
    return { selection, config: selectedConfig(config, selection) };
  }
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
