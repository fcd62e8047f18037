// Which peers may speak for the client (X-Forwarded-Proto, X-Forwarded-For): the proxies in
// front of this service, by address, and how many of them in a row. Anyone else's forwarding
// headers are ignored, so a client reaching the service directly cannot claim https (HSTS, Secure
// cookies) or another address (the telemetry's per-address limit).
import { BlockList, isIP } from 'node:net';

/** Fastify's `trustProxy` function: is the `hop`-th address (0: the socket's peer) a trusted proxy? */
export type ProxyTrust = (address: string | undefined, hop: number) => boolean;

const LOOPBACK: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
];

/**
 * TRUST_PROXIES: comma-separated addresses or CIDRs, `loopback` (127.0.0.0/8, ::1; the default:
 * nginx on the same host, deploy/nginx.conf) or `none`. TRUST_PROXY_HOPS: how many such proxies
 * stand in a row (default 1). A malformed value stops the service at start, saying which.
 */
export function proxyTrustFrom(env: NodeJS.ProcessEnv): ProxyTrust {
  const hopsRaw = env.TRUST_PROXY_HOPS?.trim() || '1';
  const hops = Number(hopsRaw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUST_PROXY_HOPS must be a whole number 0-10, not "${hopsRaw}"`);
  const entries = (env.TRUST_PROXIES?.trim() || 'loopback').split(',').map((entry) => entry.trim().toLowerCase());
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'none') continue;
    if (entry === 'loopback') {
      for (const [net, prefix, type] of LOOPBACK) list.addSubnet(net, prefix, type);
      continue;
    }
    const [address = '', prefixRaw] = entry.split('/');
    const family = isIP(address);
    const prefix = prefixRaw === undefined ? (family === 6 ? 128 : 32) : Number(prefixRaw);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
      throw new Error(`TRUST_PROXIES: "${entry}" is not an address, a CIDR, loopback or none`);
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return (address, hop) => {
    if (hop >= hops || !address) return false;
    // A server listening on `::` sees IPv4 peers as ::ffff:a.b.c.d.
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
