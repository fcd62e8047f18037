// Whether a game's page lets our site frame it, from its response headers, as a browser decides:
// CSP `frame-ancestors` (every enforced policy must allow the site) and, only when no policy has
// that directive, X-Frame-Options (DENY and SAMEORIGIN refuse; anything else is ignored).

/** null: framing allowed; else why not, for the health history. */
export type FramingRefusal = string | null;

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

interface Origin {
  scheme: string;
  host: string;
  port: string;
}

function originOf(url: string): Origin | null {
  try {
    const parsed = new URL(url);
    return {
      scheme: parsed.protocol,
      host: parsed.hostname.toLowerCase(),
      port: parsed.port || (DEFAULT_PORTS[parsed.protocol] ?? ''),
    };
  } catch {
    return null;
  }
}

const schemeMatches = (source: string, site: string) => source === site || (source === 'http:' && site === 'https:');

/** One source expression of `frame-ancestors` against the site's origin (CSP3 §6.7.2, simplified: no paths). */
function sourceMatches(source: string, site: Origin, self: Origin | null): boolean {
  const lower = source.toLowerCase();
  if (lower === '*') return site.scheme === 'http:' || site.scheme === 'https:';
  if (lower === "'self'")
    return self !== null && self.scheme === site.scheme && self.host === site.host && self.port === site.port;
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return schemeMatches(lower, site.scheme);
  const match = /^(?:([a-z][a-z0-9+.-]*:)\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+)(?::(\d+|\*))?(?:\/.*)?$/.exec(lower);
  if (!match) return false;
  const [, scheme, host = '', port] = match;
  if (scheme !== undefined && !schemeMatches(scheme, site.scheme)) return false;
  // A source without a scheme matches the protected page's scheme (and http: its upgrade to https:).
  if (scheme === undefined && self !== null && !schemeMatches(self.scheme, site.scheme)) return false;
  if (host === '*') return true;
  if (host.startsWith('*.')) {
    if (!site.host.endsWith(host.slice(1))) return false;
  } else if (host !== site.host) return false;
  if (port === '*') return true;
  const expected = port ?? DEFAULT_PORTS[scheme ?? site.scheme] ?? '';
  return expected === site.port || (port === undefined && scheme === 'http:' && site.scheme === 'https:' && site.port === '443');
}

/** The `frame-ancestors` source lists of each policy that has one (a header may carry several policies, comma-separated). */
export function frameAncestorLists(csp: string | null): string[][] {
  if (!csp) return [];
  const lists: string[][] = [];
  for (const policy of csp.split(',')) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() === 'frame-ancestors') {
        lists.push(sources.filter((source) => source !== ''));
        break; // only a policy's first occurrence of a directive counts
      }
    }
  }
  return lists;
}

/**
 * Whether the page at `pageUrl` (where the response finally came from, after redirects) may be
 * framed by every one of `siteOrigins`, given its Content-Security-Policy and X-Frame-Options
 * headers (as fetch joins repeated headers: comma-separated).
 */
export function framingRefusal(
  headers: { csp: string | null; xFrameOptions: string | null },
  pageUrl: string,
  siteOrigins: readonly string[],
): FramingRefusal {
  const self = originOf(pageUrl);
  const sites = siteOrigins.map((origin) => ({ text: origin, origin: originOf(origin) }));
  const lists = frameAncestorLists(headers.csp);
  if (lists.length > 0) {
    for (const { text, origin } of sites) {
      if (!origin) continue;
      if (lists.some((sources) => !sources.some((source) => sourceMatches(source, origin, self))))
        return `CSP frame-ancestors does not allow ${text}`;
    }
    return null;
  }
  const values = (headers.xFrameOptions ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '');
  if (values.includes('deny')) return 'X-Frame-Options: DENY';
  if (values.includes('sameorigin')) {
    const foreign = sites.find(
      ({ origin }) => origin && self && (origin.scheme !== self.scheme || origin.host !== self.host || origin.port !== self.port),
    );
    if (foreign) return `X-Frame-Options: SAMEORIGIN (not ${foreign.text})`;
  }
  return null;
}
