// A client that reaches the page service directly cannot speak as its proxy (http/proxy-trust.ts).
import type { FastifyInstance } from 'fastify';
import { buildPageService } from '../app';
import { fakeShell } from '../testing/fake-shell';

describe('through the page service', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildPageService({ shellDist: fakeShell('http://remote.invalid/mf-manifest.json').dist }));
  });
  afterAll(() => app.close());
  const page = (remoteAddress: string) =>
    app.inject({
      method: 'GET',
      url: '/all-games',
      remoteAddress,
      headers: { host: 'portal.test', accept: 'text/html', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
    });

  test('X-Forwarded-Proto from a client reaching the service directly is ignored: no HSTS, no Secure cookie', async () => {
    const direct = await page('203.0.113.9');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(String(direct.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const cleared = await app.inject({
      method: 'GET',
      url: '/all-games?portal-override=clear',
      remoteAddress: '203.0.113.9',
      headers: { host: 'portal.test', accept: 'text/html', 'x-forwarded-proto': 'https' },
    });
    expect(String(cleared.headers['set-cookie'])).not.toContain('Secure');
  });

  test('X-Forwarded-Host counts only from the proxy: the sitemap names the host asked', async () => {
    const sitemap = (remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        remoteAddress,
        headers: { host: 'portal.test', 'x-forwarded-host': 'forged.example', 'x-forwarded-proto': 'https' },
      });
    const direct = await sitemap('203.0.113.9');
    expect(direct.body).toContain('<loc>http://portal.test/');
    expect(direct.body).not.toContain('forged.example');
    // nginx sets X-Forwarded-Host to the Host it was asked (deploy/nginx.conf), over any client's.
    expect((await sitemap('127.0.0.1')).body).toContain('<loc>https://forged.example/');
  });

  test('from nginx on loopback it is believed', async () => {
    const proxied = await page('127.0.0.1');
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
