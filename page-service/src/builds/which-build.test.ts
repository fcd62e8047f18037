// The canary through the page service: pages, /config.json and headers follow the
// visitor's cohort (decision 0046).
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPageService } from '../app';
import type { SiteRenderer } from '../render/site-renderer';
import { fakeShell, type FakeShell } from '../testing/fake-shell';
import { catalogueFragments as fragments, catalogueManifest as manifest } from '../testing/catalogue-release';
import { jsonServer } from '../testing/json-server';

let live: Awaited<ReturnType<typeof jsonServer>>;
let canary: Awaited<ReturnType<typeof jsonServer>>;
let shell: FakeShell;
let app: FastifyInstance;
let renderer: SiteRenderer;
let releasesDir: string;
let written = 0;

function writePointers(withCanary: { id: string; share: number } | null) {
  const remote = {
    version: 'v1',
    url: `${live.base}/mf-manifest.json`,
    ...(withCanary ? { canary: { version: 'v2', url: `${canary.base}/mf-manifest.json`, since: null, ...withCanary } } : {}),
  };
  // Renamed into place, as release.mjs does: a new file, seen on the next request.
  const tmp = path.join(releasesDir, `current.json.${(written += 1)}.tmp`);
  writeFileSync(tmp, JSON.stringify({ version: written, remotes: { mf_catalog: remote } }));
  renameSync(tmp, path.join(releasesDir, 'current.json'));
}

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { host: 'portal.test', accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const cohortOf = (setCookie: string | string[] | undefined) => /portal_cohort=([^;]*)/.exec(String(setCookie))?.[1];

beforeAll(async () => {
  live = await jsonServer({ '/mf-manifest.json': manifest('live.js'), '/fragments.json': fragments('Live') });
  canary = await jsonServer({ '/mf-manifest.json': manifest('canary.js'), '/fragments.json': fragments('Canary') });
  shell = fakeShell(`${live.base}/mf-manifest.json`);
  releasesDir = mkdtempSync(path.join(os.tmpdir(), 'page-service-releases-'));
  writePointers(null);
  ({ app, renderer } = await buildPageService({ shellDist: shell.dist, releasesDir }));
  // The remotes' files are fetched on the first page that needs them; wait until they are in.
  for (let i = 0; i < 50 && !(await get('/all-games')).body.includes('<h1>Live'); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await app.close();
  await live.close();
  await canary.close();
  rmSync(releasesDir, { recursive: true, force: true });
});

test('without a canary: everyone’s page, shared, no cookie', async () => {
  writePointers(null);
  const response = await get('/all-games');
  expect(response.body).toContain('<h1>Live</h1>');
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.headers['cache-control']).toMatch(/^public/);
  expect(response.headers.vary).toBe('Accept-Encoding');
});

test('a 100 % draw: the canary’s page, config, hints and CSP; private while it sets the cookie, shared by cohort after', async () => {
  writePointers({ id: 'full', share: 99.99 });

  const first = await get('/all-games');
  const cohort = cohortOf(first.headers['set-cookie']);
  // 99.99 %: one visitor in 10,000 is not drawn; this test would then look at the live page.
  expect(cohort).toBe('full.c');
  expect(first.body).toContain('<h1>Canary</h1>');
  expect(first.body).toContain(`${canary.base}/canary.js`);
  expect(first.body).not.toContain(`${live.base}/`);
  expect(String(first.headers['content-security-policy'])).toContain(canary.base);
  expect(String(first.headers['content-security-policy'])).not.toContain(live.base);
  expect(first.headers['cache-control']).toBe('private, no-store');
  expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax$/);

  const again = await get('/all-games', `portal_cohort=${cohort}`);
  expect(again.body).toBe(first.body);
  expect(again.headers['set-cookie']).toBeUndefined();
  expect(again.headers['cache-control']).toMatch(/^public/);
  expect(again.headers.vary).toBe('Accept-Encoding, Cookie');

  const config = await app.inject({ method: 'GET', url: '/config.json', headers: { cookie: `portal_cohort=${cohort}` } });
  expect(config.json<{ remotes: Record<string, string> }>().remotes.mf_catalog).toBe(`${canary.base}/mf-manifest.json`);
  expect(config.headers.vary).toBe('Accept-Encoding, Cookie');

  // The stable cohort of the same canary: the live release.
  const stable = await get('/all-games', 'portal_cohort=full.s');
  expect(stable.body).toContain('<h1>Live</h1>');
  expect(stable.headers.vary).toBe('Accept-Encoding, Cookie');
});

test('a running canary’s build is one the telemetry knows (its visitors’ figures are not `other`)', async () => {
  writePointers({ id: 'tele', share: 10 });
  await renderer.warm();
  expect((await renderer.buildsInUse()).mf_catalog).toEqual(['live', 'canary']);
  writePointers(null);
  expect((await renderer.buildsInUse()).mf_catalog).toEqual(['live']);
});

test('one step decides which build a request sees: only the builds plugin steers (pages, /config.json and telemetry ask it)', () => {
  const src = path.resolve(__dirname, '..');
  const steering = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => readFileSync(path.join(src, file), 'utf8').includes('new ReleaseSteering('));
  expect(steering).toEqual([path.join('builds', 'builds-plugin.ts')]);
});

test('a visitor being drawn is never answered 304, nor given a validator: a cache would keep its stable copy for the undrawn', async () => {
  writePointers(null);
  const everyone = await get('/all-games');
  const etag = String(everyone.headers.etag);
  writePointers({ id: 'half', share: 50 });
  // Drawn into the stable cohort, the page is byte for byte everyone's: still a whole answer.
  for (let i = 0; i < 20; i += 1) {
    const drawn = await app.inject({
      method: 'GET',
      url: '/all-games',
      headers: { host: 'portal.test', accept: 'text/html', 'if-none-match': etag },
    });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers.etag).toBeUndefined();
    expect(String(drawn.headers['set-cookie'])).toMatch(/^portal_cohort=half\.[cs];/);
  }
  // A cohort's own answers keep their validator.
  const returning = await get('/all-games', 'portal_cohort=half.s');
  expect(returning.headers.etag).toBe(etag);
});

test('the canary ends: the cookie is deleted, everyone’s page again, shared', async () => {
  writePointers(null);
  const response = await get('/all-games', 'portal_cohort=full.c');
  expect(response.body).toContain('<h1>Live</h1>');
  expect(String(response.headers['set-cookie'])).toMatch(/^portal_cohort=; Max-Age=0; Path=\//);
  expect(response.headers['cache-control']).toBe('private, no-store');
  const config = await app.inject({ method: 'GET', url: '/config.json', headers: { cookie: 'portal_cohort=full.c' } });
  expect(config.json<{ remotes: Record<string, string> }>().remotes.mf_catalog).toBe(`${live.base}/mf-manifest.json`);
  await get('/all-games');
});

test.each([
  'PORTAL_COHORT=half.s; portal_cohort=half.c',
  'probe=1, portal_cohort=half.s; portal_cohort=half.c',
  'portal_cohort=half.c; PORTAL_COHORT=half.s',
])('a Cookie header a cache may read as another cohort is answered privately, with a fresh draw: %s', async (cookie) => {
  writePointers({ id: 'half', share: 50 });
  const response = await get('/all-games', cookie);
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.headers.etag).toBeUndefined();
  expect(String(response.headers['set-cookie'])).toMatch(/^portal_cohort=half\.[cs];/);
  const config = await app.inject({ method: 'GET', url: '/config.json', headers: { cookie } });
  expect(config.headers['cache-control']).toBe('private, no-store');
});

test('with no canary, an ambiguous cohort header is still private and clears the cookie', async () => {
  writePointers(null);
  const response = await get('/all-games', 'PORTAL_COHORT=x.s');
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(String(response.headers['set-cookie'])).toMatch(/^portal_cohort=; Max-Age=0;/);
});
