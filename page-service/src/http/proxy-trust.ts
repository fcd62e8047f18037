// Which peers may speak for the client (X-Forwarded-Proto, -For, -Host): the proxies in front of
// this service, by address, and how many of them in a row. Fastify resolves `request.ip`,
// `request.protocol` and `request.host` with it; anyone else's forwarding headers are ignored, so a
// client reaching the service directly cannot claim https (HSTS, Secure cookies) or another
// address (the telemetry's per-client limit). The addresses are Fastify's own proxy-addr lists.
import proxyAddr from '@fastify/proxy-addr';

/** Fastify's `trustProxy` function: is the `hop`-th address (0: the socket's peer) a trusted proxy? */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXIES: comma-separated addresses or CIDRs, `loopback` (the default: nginx on the same
 * host), `linklocal`, `uniquelocal`, or `none`. TRUST_PROXY_HOPS: how many such proxies stand in a
 * row (default 1, 0-10, read by the settings' reader): unlike the API's (one or the other), both
 * bound the trust, since a page service behind nginx on loopback must not believe a second
 * loopback hop named by a client. An entry that is no address stops the service at start, saying which.
 */
export function proxyTrustFrom(proxies: readonly string[], hops: number): ProxyTrust | false {
  const entries = proxies.map((entry) => entry.toLowerCase()).filter((entry) => entry !== 'none');
  if (hops === 0 || entries.length === 0) return false;
  let trusted: ProxyTrust;
  try {
    trusted = proxyAddr.compile(entries);
  } catch (error) {
    const which = error instanceof Error ? error.message.replace(/^.*?: /, '') : String(error);
    throw new Error(`TRUST_PROXIES: "${which}" is not an address, a CIDR, loopback or none`);
  }
  return (address, hop) => hop < hops && trusted(address, hop);
}
