// Cache-Control of every file the site serves, the same rules as deploy/nginx.conf: entry files
// are revalidated on every use (a deploy or a rollback reaches players on their next page load),
// content-hashed files never change.
import path from 'node:path';

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css|map)$|\/assets\//;
/** Unhashed entry files, in any folder (/mf-catalog/v2/mf-manifest.json too). */
const ALWAYS_FRESH = new Set([
  'mf-manifest.json',
  'mf-manifest-stats.json',
  'fragments.json',
  'remoteEntry.js',
  'index.html',
  'config.json',
]);

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(pathname: string): string {
  if (ALWAYS_FRESH.has(path.posix.basename(pathname)) || !/\.[a-z0-9]+$/i.test(pathname)) return 'no-cache';
  if (HASHED_ASSET.test(pathname)) return IMMUTABLE;
  return 'public, max-age=3600';
}

/**
 * Pages and /config.json: browsers revalidate every time (a 304 by ETag), shared caches (nginx, a
 * CDN) keep them 1 s and may serve them 1 s more while they fetch a new copy. nginx counts whole
 * seconds, so its copy can live up to 3 s: an edit reaches players within 5 s, with a second's
 * margin. When every page service is down they serve what they have for a day.
 */
export const SHARED_PAGE_CACHE = 'public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=86400';
