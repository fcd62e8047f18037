// Beacons come from the site's own pages. A page on another site can post to /__telemetry
// through its visitors' browsers (sendBeacon needs no CORS preflight), spending their addresses
// instead of its own: such a beacon is known by its Sec-Fetch-Site, or its Origin naming a host
// that is neither the one asked nor one of the site's brands. A request without either header
// is not a browser's cross-site request (scripts are bounded per address instead).
import type { IncomingHttpHeaders } from 'node:http';
import { servesHost, type BrandFamily } from '@portal/shared-contracts';

/** `host`: the host asked, as Fastify resolves it (`request.host`: X-Forwarded-Host from a trusted proxy). */
export function fromTheSite(headers: IncomingHttpHeaders, host: string, brands: readonly BrandFamily[]): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // `null` (a sandboxed frame, a data: URL) or anything malformed.
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return url.host === host.toLowerCase() || servesHost(url.hostname, brands);
}
