// Forwarding headers count only from the proxies in front (TRUST_PROXIES, TRUST_PROXY_HOPS).
import { proxyTrustFrom } from './proxy-trust';

test('by default one proxy on loopback is trusted; other peers and farther hops are not', () => {
  const trust = proxyTrustFrom({});
  expect(trust('127.0.0.1', 0)).toBe(true);
  expect(trust('::ffff:127.0.0.1', 0)).toBe(true);
  expect(trust('::1', 0)).toBe(true);
  expect(trust('203.0.113.9', 0)).toBe(false);
  expect(trust('10.0.0.2', 0)).toBe(false);
  expect(trust('127.0.0.1', 1)).toBe(false);
  expect(trust(undefined, 0)).toBe(false);
});

test('TRUST_PROXIES names addresses and CIDRs, or none; TRUST_PROXY_HOPS how many in a row', () => {
  const trust = proxyTrustFrom({ TRUST_PROXIES: '10.0.0.0/8, 2001:db8::1', TRUST_PROXY_HOPS: '2' });
  expect(trust('10.1.2.3', 0)).toBe(true);
  expect(trust('10.1.2.3', 1)).toBe(true);
  expect(trust('10.1.2.3', 2)).toBe(false);
  expect(trust('2001:db8::1', 0)).toBe(true);
  expect(trust('127.0.0.1', 0)).toBe(false);
  expect(proxyTrustFrom({ TRUST_PROXIES: 'none' })('127.0.0.1', 0)).toBe(false);
  expect(() => proxyTrustFrom({ TRUST_PROXIES: 'proxy.example' })).toThrow(/TRUST_PROXIES: "proxy.example"/);
  expect(() => proxyTrustFrom({ TRUST_PROXY_HOPS: 'many' })).toThrow(/TRUST_PROXY_HOPS/);
});
