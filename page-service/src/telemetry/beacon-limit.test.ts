// Beacons per client: TELEMETRY_BEACON_BURST at once, then TELEMETRY_BEACONS_PER_SECOND (a window
// of burst/rate seconds), counted by @fastify/rate-limit per client as the trusted proxies name
// it, with a bounded memory of clients.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { readPageServiceSettings } from '../config/page-settings';
import { PageCache } from '../render/page-cache';
import type { SiteRenderer } from '../render/site-renderer';
import { telemetryPlugin } from './telemetry-plugin';

const VIEW = JSON.stringify({ route: '/', events: [{ type: 'view', part: 'shell', build: '' }] });
const renderer = {
  buildsInUse: () => Promise.resolve({}),
  buildIdsOf: () => Promise.resolve({}),
  config: () => Promise.resolve({ config: { brands: [] } }),
} as unknown as Pick<SiteRenderer, 'buildsInUse' | 'buildIdsOf' | 'config'>;

let now = 1_000_000;
beforeEach(() => {
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

async function collector(env: NodeJS.ProcessEnv, maxClients?: number): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: (_address, hop) => hop < 1 });
  // What the site and builds plugins decorate the app with, as far as the collector reads it
  // (these beacons carry no steering cookie: which build they see is never asked).
  app.decorate('renderer', renderer as SiteRenderer);
  app.decorate('pageCache', new PageCache());
  await app.register(fastifyPlugin((_app, _options, done) => done(), { name: 'site' }));
  await app.register(fastifyPlugin((_app, _options, done) => done(), { name: 'builds' }));
  await app.register(telemetryPlugin, { settings: readPageServiceSettings(env), ...(maxClients ? { maxClients } : {}) });
  return app;
}
const send = (app: FastifyInstance, client: string) =>
  app.inject({
    method: 'POST',
    url: '/__telemetry',
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': client },
    payload: VIEW,
  });
const take = async (app: FastifyInstance, client: string) => (await send(app, client)).statusCode === 204;

test('lets a burst through, then answers 429 in the error shape until the window has passed', async () => {
  const app = await collector({ TELEMETRY_BEACON_BURST: '3', TELEMETRY_BEACONS_PER_SECOND: '1' });
  expect([await take(app, 'a'), await take(app, 'a'), await take(app, 'a')]).toEqual([true, true, true]);
  const refused = await send(app, 'a');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ detail: 'too many reports' });
  expect(refused.headers['retry-after']).toBe('3');
  expect(refused.headers['cache-control']).toBe('no-store');
  expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
  // Another client is not held back.
  expect(await take(app, 'b')).toBe(true);
  now += 2_999;
  expect(await take(app, 'a')).toBe(false);
  now += 1;
  expect(await take(app, 'a')).toBe(true);
  expect((await app.inject({ url: '/metrics' })).body).toMatch(/telemetry_beacons_refused_total\{reason="rate-limited"\} 2/);
  await app.close();
});

test('an IPv6 /64 is one client; IPv4 addresses are each their own', async () => {
  const app = await collector({ TELEMETRY_BEACON_BURST: '2', TELEMETRY_BEACONS_PER_SECOND: '0.01' });
  expect(await take(app, '2001:db8:1:2::1')).toBe(true);
  expect(await take(app, '2001:db8:1:2:ffff::9')).toBe(true);
  expect(await take(app, '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe(false);
  expect(await take(app, '2001:db8:1:3::1')).toBe(true);
  expect(await take(app, '192.0.2.1')).toBe(true);
  expect(await take(app, '192.0.2.1')).toBe(true);
  expect(await take(app, '192.0.2.2')).toBe(true);
  await app.close();
});

test('a cross-site beacon is refused before it spends its client’s allowance', async () => {
  const app = await collector({ TELEMETRY_BEACON_BURST: '1', TELEMETRY_BEACONS_PER_SECOND: '0.01' });
  for (let i = 0; i < 3; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/__telemetry',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': 'c', 'sec-fetch-site': 'cross-site' },
      payload: VIEW,
    });
    expect(response.statusCode).toBe(403);
  }
  expect(await take(app, 'c')).toBe(true);
  await app.close();
});

test('an address that keeps sending stays held back through a flood of new addresses', async () => {
  const app = await collector({ TELEMETRY_BEACON_BURST: '2', TELEMETRY_BEACONS_PER_SECOND: '0.01' }, 10);
  await take(app, 'flooder');
  await take(app, 'flooder');
  for (let i = 0; i < 300; i += 1) {
    await take(app, `192.0.2.${i % 250}-${i}`);
    if (i % 3 === 0) expect(await take(app, 'flooder')).toBe(false);
  }
  await app.close();
});

test('an address unused for longest is forgotten first, and starts again with a full allowance', async () => {
  const app = await collector({ TELEMETRY_BEACON_BURST: '1', TELEMETRY_BEACONS_PER_SECOND: '0.01' }, 4);
  expect(await take(app, 'old')).toBe(true);
  expect(await take(app, 'old')).toBe(false);
  for (const address of ['a', 'b', 'c', 'd', 'e']) await take(app, address);
  expect(await take(app, 'old')).toBe(true);
  await app.close();
});
