import type { FastifyInstance } from 'fastify';
import { buildPageService } from '../app';
import { readPageServiceSettings } from '../config/page-settings';
import { fakeShell, type FakeShell } from '../testing/fake-shell';
import { jsonServer } from '../testing/json-server';
import type { TelemetryBatch } from '@portal/shared-contracts/telemetry';
import type { TelemetrySummary } from './release-window';

const BUILD = '1.0.0+abc123';
const MANIFEST = {
  metaData: {
    name: 'mf_catalog',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    buildInfo: { buildVersion: BUILD },
  },
  exposes: [],
};

let remote: Awaited<ReturnType<typeof jsonServer>>;
let shell: FakeShell;
let app: FastifyInstance;
let buildPageServiceBuilds: () => Promise<Record<string, (string | null)[]>>;

beforeAll(async () => {
  remote = await jsonServer({
    '/mf-manifest.json': MANIFEST,
    '/fragments.json': { schema: 1, pages: {}, styles: {}, props: {} },
  });
  shell = fakeShell(`${remote.base}/mf-manifest.json`);
  let renderer: Awaited<ReturnType<typeof buildPageService>>['renderer'];
  ({ app, renderer } = await buildPageService({
    shellDist: shell.dist,
    settings: readPageServiceSettings({
      TRUST_PROXY_HOPS: '1',
      TELEMETRY_BEACON_BURST: '5',
      TELEMETRY_BEACONS_PER_SECOND: '0.01',
    }),
  }));
  buildPageServiceBuilds = () => renderer.buildsInUse();
  // A page makes the service read the catalogue's manifest, where its build id comes from.
  for (let i = 0; i < 50; i += 1) {
    await app.inject({ method: 'GET', url: '/all-games', headers: { host: 'portal.test', accept: 'text/html' } });
    const builds = await buildPageServiceBuilds();
    if (builds.mf_catalog?.[0] === BUILD) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await app.close();
  await remote.close();
});

let addresses = 0;
/** Each test's beacons come from an address of their own (the limit is per address). */
const nextAddress = () => `192.0.2.${(addresses += 1)}`;

async function beacon(body: unknown, address = nextAddress(), contentType = 'text/plain;charset=UTF-8'): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/__telemetry',
    headers: { 'content-type': contentType, 'x-forwarded-for': address },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return response.statusCode;
}

const batch = (events: TelemetryBatch['events'], route = '/all-games'): TelemetryBatch => ({ route, events });
const metrics = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
const summary = async (minutes = 5) =>
  (await app.inject({ method: 'GET', url: `/__telemetry/summary?minutes=${minutes}` })).json<TelemetrySummary>();

describe('the collector', () => {
  test('counts views, errors and vitals per remote, build id and route pattern', async () => {
    const before = summary();
    const catalogue = (await before).releases.find((r) => r.remote === 'mf_catalog' && r.version === BUILD);
    const views0 = catalogue?.pageViews ?? 0;
    expect(
      await beacon(
        batch([
          { type: 'view', part: 'mf_catalog', build: BUILD },
          { type: 'view', part: 'mf_catalog', build: BUILD },
          { type: 'error', part: 'mf_catalog', build: BUILD, kind: 'render', message: 'TypeError: x is undefined' },
          { type: 'vital', part: 'mf_catalog', build: BUILD, name: 'LCP', value: 1200 },
          { type: 'vital', part: 'mf_catalog', build: BUILD, name: 'INP', value: 80 },
          { type: 'vital', part: 'mf_catalog', build: BUILD, name: 'CLS', value: 0 },
        ]),
      ),
    ).toBe(204);
    const after = (await summary()).releases.find((r) => r.remote === 'mf_catalog' && r.version === BUILD);
    expect(after).toMatchObject({ lcpP75: 1200, inpP75: 80 });
    expect(after?.pageViews).toBe(views0 + 2);
    expect(after?.errors).toBe(1);
    const text = await metrics();
    expect(text).toContain(
      `telemetry_client_errors_total{remote="mf_catalog",version="${BUILD}",route="/all-games",kind="render"} 1`,
    );
    expect(text).toMatch(
      /telemetry_web_vital_seconds_count\{remote="mf_catalog",version="1\.0\.0\+abc123",route="\/all-games",name="LCP"\} 1/,
    );
    // Beacons carry ms; the histogram is in seconds: 1200 ms falls in the 1.5 s bucket, not in 1 s.
    expect(text).toMatch(
      /telemetry_web_vital_seconds_bucket\{le="1",remote="mf_catalog",version="1\.0\.0\+abc123",route="\/all-games",name="LCP"\} 0/,
    );
    expect(text).toMatch(
      /telemetry_web_vital_seconds_bucket\{le="1\.5",remote="mf_catalog",version="1\.0\.0\+abc123",route="\/all-games",name="LCP"\} 1/,
    );
    expect(text).toMatch(
      /telemetry_web_vital_seconds_sum\{remote="mf_catalog",version="1\.0\.0\+abc123",route="\/all-games",name="LCP"\} 1\.2\n/,
    );
    expect(text).toContain('telemetry_cls_count{remote="mf_catalog",version="1.0.0+abc123",route="/all-games"} 1');
  });

  test('puts unknown parts, builds and routes under "other", never a label of the sender', async () => {
    expect(
      await beacon(
        batch(
          [
            { type: 'error', part: 'evil"} 1\n#', build: BUILD, kind: 'uncaught', message: 'x' },
            { type: 'error', part: 'mf_catalog', build: '9.9.9+forged', kind: 'uncaught', message: 'y' },
          ],
          '/search?q=secret',
        ),
      ),
    ).toBe(204);
    const text = await metrics();
    expect(text).toContain('telemetry_client_errors_total{remote="other",version="other",route="other",kind="uncaught"} 1');
    expect(text).toContain('telemetry_client_errors_total{remote="mf_catalog",version="other",route="other",kind="uncaught"} 1');
    expect(text).not.toContain('forged');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('evil');
  });

  const SCHEMA = 'report does not match the telemetry schema';
  test.each([
    ['not JSON', '{"route":', 'report is not valid JSON'],
    ['no events', { route: '/' }, SCHEMA],
    ['an unknown event type', batch([{ type: 'click', part: 'shell', build: '' } as never]), SCHEMA],
    ['an unknown error kind', batch([{ type: 'error', part: 'shell', build: '', kind: 'oops', message: '' } as never]), SCHEMA],
    [
      'a vital that is not a number',
      batch([{ type: 'vital', part: 'shell', build: '', name: 'LCP', value: '12' } as never]),
      SCHEMA,
    ],
    ['a negative vital', batch([{ type: 'vital', part: 'shell', build: '', name: 'LCP', value: -1 }]), SCHEMA],
    ['too many events', batch(Array.from({ length: 41 }, () => ({ type: 'view' as const, part: 'shell', build: '' }))), SCHEMA],
    ['a body over 16 KB', 'x'.repeat(17 * 1024), 'report too large'],
  ])('refuses %s with 400 and records nothing', async (_name, body, detail) => {
    const before = await metrics();
    const response = await app.inject({
      method: 'POST',
      url: '/__telemetry',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': nextAddress() },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect(response.headers['cache-control']).toBe('no-store');
    const after = await metrics();
    const counted = (text: string) => text.match(/^telemetry_page_views_total.*$/gm)?.join('\n');
    expect(counted(after)).toBe(counted(before));
  });

  test('drops fields nobody agreed on', async () => {
    const address = nextAddress();
    expect(
      await beacon(
        { route: '/', events: [{ type: 'view', part: 'shell', build: '', email: 'a@b.c' }], token: 'secret', url: '/?x=1' },
        address,
      ),
    ).toBe(204);
    expect(await metrics()).not.toContain('a@b.c');
  });

  test('limits beacons per client address (429 past the burst)', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push(await beacon(batch([{ type: 'view', part: 'shell', build: '' }]), address));
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another address is not held back.
    expect(await beacon(batch([{ type: 'view', part: 'shell', build: '' }]))).toBe(204);
    expect(await metrics()).toMatch(/telemetry_beacons_refused_total\{reason="rate-limited"\} [1-9]/);
  });
});

describe('the summary', () => {
  test('answers the agreed shape for a window of 1 to 60 minutes', async () => {
    const body = await summary(5);
    expect(body.windowMinutes).toBe(5);
    const release = body.releases.find((r) => r.remote === 'mf_catalog' && r.version === BUILD);
    expect(Object.keys(release ?? {}).sort()).toEqual(
      [
        'clients',
        'clientsWithErrors',
        'errorRate',
        'errors',
        'inpP75',
        'lcpP75',
        'pageViews',
        'remote',
        'version',
        'vitalsSamples',
      ].sort(),
    );
    expect(release?.vitalsSamples).toBeGreaterThanOrEqual(3);
    expect(release?.errorRate).toBeCloseTo((release?.errors ?? 0) / (release?.pageViews ?? 1), 3);
  });

  test.each(['0', '61', 'x', '1.5', ''])('refuses minutes=%p with 400', async (minutes) => {
    const response = await app.inject({ method: 'GET', url: `/__telemetry/summary?minutes=${minutes}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'minutes must be a whole number from 1 to 60' });
  });
});

describe('/metrics', () => {
  test('counts requests by route pattern and status, with the page cache and event-loop lag', async () => {
    await app.inject({ method: 'GET', url: '/game/12?x=1', headers: { host: 'portal.test', accept: 'text/html' } });
    await app.inject({ method: 'GET', url: '/game/12', headers: { host: 'portal.test', accept: 'text/html' } });
    await app.inject({ method: 'GET', url: '/game/12', headers: { host: 'portal.test', accept: 'text/html' } });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(text).toMatch(/http_requests_total\{route="page \/game\/:gameId",method="GET",status="200"\} 3/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.001",route="\/__telemetry",method="POST",status="204"\}/);
    // Counts since start are counters by result; the ratio is the dashboard's, of rates.
    expect(text).toMatch(/^# TYPE page_cache_lookups_total counter$/m);
    expect(text).toMatch(/^page_cache_lookups_total\{result="hit"\} [1-9]/m);
    expect(text).toMatch(/^page_cache_lookups_total\{result="miss"\} [1-9]/m);
    expect(text).not.toContain('page_cache_hit_ratio');
    expect(text).toMatch(/page_render_seconds_count [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });
});

test('a client reaching the service directly cannot pick its address with X-Forwarded-For: one bucket for its socket', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/__telemetry',
      remoteAddress: '203.0.113.50',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': nextAddress() },
      payload: JSON.stringify({ route: '/all-games', events: [{ type: 'view', part: 'mf_catalog', build: BUILD }] }),
    });
    statuses.push(response.statusCode);
  }
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
});

describe('beacons from another site', () => {
  const post = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/__telemetry',
      headers: { host: 'portal.test', 'content-type': 'text/plain', 'x-forwarded-for': nextAddress(), ...headers },
      payload: JSON.stringify(batch([{ type: 'error', part: 'mf_catalog', build: BUILD, kind: 'uncaught', message: 'x' }])),
    });
  const errorsCounted = async () =>
    (await summary()).releases.find((r) => r.remote === 'mf_catalog' && r.version === BUILD)?.errors ?? 0;

  test.each([
    ['Sec-Fetch-Site cross-site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['an Origin that is not the site', { origin: 'https://evil.example' }],
    ['a look-alike of a brand', { origin: 'https://portal.test.evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['cross-site even from a brand’s Origin', { origin: 'https://portal.test', 'sec-fetch-site': 'cross-site' }],
  ])('%s: refused with 403, counted nowhere', async (_name, headers) => {
    const before = await errorsCounted();
    const response = await post(headers);
    expect(response.statusCode).toBe(403);
    expect(await errorsCounted()).toBe(before);
    expect(await metrics()).toMatch(/telemetry_beacons_refused_total\{reason="cross-site"\} [1-9]/);
  });

  test.each([
    ['the same origin', { origin: 'http://portal.test', 'sec-fetch-site': 'same-origin' }],
    ['a brand’s other host', { origin: 'https://portal.test:8443', 'sec-fetch-site': 'same-site' }],
    ['no Origin (not a browser’s cross-site request)', {}],
  ])('%s: taken', async (_name, headers) => {
    expect((await post(headers)).statusCode).toBe(204);
  });
});

describe('one client and the release watcher’s sample', () => {
  const flood = (address: string, type: 'view' | 'error') =>
    app.inject({
      method: 'POST',
      url: '/__telemetry',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': address },
      payload: JSON.stringify(
        batch(
          Array.from({ length: 40 }, (_, i) =>
            i % 2 === 0 || type === 'view'
              ? { type: 'view' as const, part: 'mf_catalog', build: BUILD }
              : { type: 'error' as const, part: 'mf_catalog', build: BUILD, kind: 'uncaught' as const, message: 'x' },
          ),
        ),
      ),
    });
  const row = async () => (await summary()).releases.find((r) => r.remote === 'mf_catalog' && r.version === BUILD);

  test('however many beacons and events one address sends, it is one client (an IPv6 /64 too)', async () => {
    const before = await row();
    for (let i = 0; i < 5; i += 1) expect((await flood('198.51.100.77', 'error')).statusCode).toBe(204);
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd'])
      expect((await flood(address, 'view')).statusCode).toBe(204);
    const after = await row();
    expect((after?.pageViews ?? 0) - (before?.pageViews ?? 0)).toBe(5 * 20 + 3 * 40);
    expect((after?.clients ?? 0) - (before?.clients ?? 0)).toBe(2);
    expect((after?.clientsWithErrors ?? 0) - (before?.clientsWithErrors ?? 0)).toBe(1);
    expect(await metrics()).toMatch(
      new RegExp(
        `telemetry_release_clients\\{remote="mf_catalog",version="${BUILD.replace(/[.+]/g, '\\$&')}",kind="errors"\\} [1-9]`,
      ),
    );
  });

  test('a client’s vitals: its first of each name per minute is kept, the rest dropped', async () => {
    const before = (await row())?.vitalsSamples ?? 0;
    const vitals = batch(
      Array.from({ length: 40 }, (_, i) => ({
        type: 'vital' as const,
        part: 'mf_catalog',
        build: BUILD,
        name: 'LCP' as const,
        value: 90_000 + i,
      })),
    );
    for (let i = 0; i < 3; i += 1)
      await app.inject({
        method: 'POST',
        url: '/__telemetry',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': '198.51.100.78' },
        payload: JSON.stringify(vitals),
      });
    expect(((await row())?.vitalsSamples ?? 0) - before).toBe(1);
  });
});
