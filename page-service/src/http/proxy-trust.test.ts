// Forwarding headers count only from the proxies in front (TRUST_PROXIES, TRUST_PROXY_HOPS), as
// Fastify resolves them for every route: request.ip, request.protocol, request.host.
import Fastify from 'fastify';
import { readPageServiceSettings } from '../config/page-settings';
import { proxyTrustFrom as proxyTrustOf } from './proxy-trust';

/** The trust as the service makes it from these settings (read by the settings' reader first). */
function proxyTrustFrom(env: NodeJS.ProcessEnv) {
  const settings = readPageServiceSettings(env);
  return proxyTrustOf(settings.TRUST_PROXIES, settings.TRUST_PROXY_HOPS);
}

/** What a route sees of a request from `peer` carrying forwarding headers for `chain`. */
async function seen(env: NodeJS.ProcessEnv, peer: string, chain = '198.51.100.7') {
  const app = Fastify({ trustProxy: proxyTrustFrom(env) });
  app.get('/', (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
  const response = await app.inject({
    url: '/',
    remoteAddress: peer,
    headers: {
      host: 'portal.test',
      'x-forwarded-for': chain,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'forged.example',
    },
  });
  await app.close();
  return response.json<{ ip: string; protocol: string; host: string }>();
}

test('by default one proxy on loopback is trusted; other peers and farther hops are not', async () => {
  const trust = proxyTrustFrom({});
  expect(trust && trust('127.0.0.1', 0)).toBe(true);
  expect(trust && trust('::ffff:127.0.0.1', 0)).toBe(true);
  expect(trust && trust('::1', 0)).toBe(true);
  expect(trust && trust('203.0.113.9', 0)).toBe(false);
  expect(trust && trust('10.0.0.2', 0)).toBe(false);
  expect(trust && trust('127.0.0.1', 1)).toBe(false);
  expect(await seen({}, '127.0.0.1')).toEqual({ ip: '198.51.100.7', protocol: 'https', host: 'forged.example' });
  expect(await seen({}, '::ffff:127.0.0.1')).toMatchObject({ ip: '198.51.100.7', protocol: 'https' });
  // A client naming a loopback "proxy" behind nginx: the second hop is not believed.
  expect((await seen({}, '127.0.0.1', '198.51.100.9, 127.0.0.1')).ip).toBe('127.0.0.1');
  expect(await seen({}, '203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'http', host: 'portal.test' });
});

test('TRUST_PROXIES names addresses and CIDRs, or none; TRUST_PROXY_HOPS how many in a row', async () => {
  const env = { TRUST_PROXIES: '10.0.0.0/8, 2001:db8::1', TRUST_PROXY_HOPS: '2' };
  const trust = proxyTrustFrom(env);
  expect(trust && trust('10.1.2.3', 0)).toBe(true);
  expect(trust && trust('10.1.2.3', 1)).toBe(true);
  expect(trust && trust('10.1.2.3', 2)).toBe(false);
  expect(trust && trust('2001:db8::1', 0)).toBe(true);
  expect(trust && trust('127.0.0.1', 0)).toBe(false);
  expect((await seen(env, '10.1.2.3', '198.51.100.1, 10.9.9.9')).ip).toBe('198.51.100.1');
  expect((await seen(env, '10.1.2.3', '198.51.100.1, 10.9.9.9, 10.8.8.8')).ip).toBe('10.9.9.9');
  expect((await seen(env, '127.0.0.1')).ip).toBe('127.0.0.1');
  expect(proxyTrustFrom({ TRUST_PROXIES: 'none' })).toBe(false);
  expect(proxyTrustFrom({ TRUST_PROXY_HOPS: '0' })).toBe(false);
  expect(await seen({ TRUST_PROXIES: 'none' }, '127.0.0.1')).toEqual({ ip: '127.0.0.1', protocol: 'http', host: 'portal.test' });
  expect(() => proxyTrustFrom({ TRUST_PROXIES: 'proxy.example' })).toThrow(/TRUST_PROXIES: "proxy.example"/);
  expect(() => proxyTrustFrom({ TRUST_PROXIES: '10.0.0.0/99' })).toThrow(/TRUST_PROXIES: "10.0.0.0\/99"/);
  expect(() => proxyTrustFrom({ TRUST_PROXY_HOPS: 'many' })).toThrow(/TRUST_PROXY_HOPS/);
});
