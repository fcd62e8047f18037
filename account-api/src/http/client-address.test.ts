import { loadConfig } from '../config';
import { newPlayer, setupTestServer, wrongLoginFrom } from '../testing/test-server';

describe('client address: proxy trust (decision 0007, step 1)', () => {
  it('reads a hop count or a proxy list, never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY_HOPS: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY_HOPS: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXIES: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY_HOPS/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: 'all' })).toThrow(/TRUST_PROXY_HOPS/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '1', TRUST_PROXIES: '10.0.0.1' })).toThrow(/not both/);
    expect(() => loadConfig({ TRUST_PROXIES: 'evil.example' })).toThrow(/TRUST_PROXIES/);
  });

  describe.each([
    ['TRUST_PROXY_HOPS=1', { TRUST_PROXY_HOPS: '1' }],
    ['TRUST_PROXIES=127.0.0.1', { TRUST_PROXIES: '127.0.0.1' }],
  ])('behind one proxy (%s)', (_label, env) => {
    const server = setupTestServer({ trustProxy: loadConfig(env).trustProxy });

    const loginFrom = (forwardedFor: string, username: string) => wrongLoginFrom(server.app, forwardedFor, username);

    it('uses the address the proxy appended, not what the client wrote', async () => {
      let seen = '';
      server.app.addHook('onRequest', (request, _reply, done) => {
        seen = request.ip;
        done();
      });
      await loginFrom('198.51.100.9, 203.0.113.7', newPlayer().username);
      expect(seen).toBe('203.0.113.7');
    });

    it('a client that rewrites X-Forwarded-For on every try still gets 429', async () => {
      const target = newPlayer().username;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        // The proxy appends the real address (203.0.113.50); the client forges the part before it.
        statuses.push((await loginFrom(`10.${attempt}.0.1, 203.0.113.50`, target)).statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  });
});
