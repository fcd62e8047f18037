/**
 * Which pages the play page may frame (decision 0022): only links on the configured game hosts
 * (`gameHosts` in /config.json, default: the hosts of the bundled catalogue). The frame runs with
 * allow-same-origin, so a link on the site's own origin, or on any host nobody vetted, is refused.
 * The static server builds its CSP `frame-src` from the same list.
 */

/** `scheme://host[:port]` of an http(s) URL (lower-cased by URL), or undefined for anything else. */
export function httpOrigin(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The distinct origins the catalogue's games are hosted on. */
export function catalogueGameHosts(games: readonly { link: string }[]): string[] {
  const origins = games.map((game) => httpOrigin(game.link)).filter((origin): origin is string => origin !== undefined);
  return [...new Set(origins)];
}

/** True when `link` is an http(s) URL on one of `gameHosts` (origins) and not on the site's own origin. */
export function isAllowedGameLink(link: string, gameHosts: readonly string[], siteOrigin?: string): boolean {
  const origin = httpOrigin(link);
  if (!origin || (siteOrigin !== undefined && origin === httpOrigin(siteOrigin))) return false;
  return gameHosts.some((host) => httpOrigin(host) === origin);
}
