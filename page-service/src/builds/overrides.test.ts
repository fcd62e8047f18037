// Preview overrides through the page service (decision 0047): the link sets the cookie and
// redirects; the cookie's pages load the preview with its banner and CSP, theirs alone; anything
// not accepted changes nothing and clears the cookie; everyone else's pages stay as they were.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPageService } from '../app';
import { readPageServiceSettings } from '../config/page-settings';
import { fakeShell, type FakeShell } from '../testing/fake-shell';
import { catalogueFragments as fragments, catalogueManifest as manifest } from '../testing/catalogue-release';
import { jsonServer } from '../testing/json-server';
import { withOverrideParam } from './override-banner';
import { readOverride, signOverride } from './override-token';

const SECRET = 'page-service-test-secret-0123456789';

let live: Awaited<ReturnType<typeof jsonServer>>;
let preview: Awaited<ReturnType<typeof jsonServer>>;
let elsewhere: Awaited<ReturnType<typeof jsonServer>>;
let shell: FakeShell;
let app: FastifyInstance;
let work: string;
let previewUrl: string;

const token = (claims: { remote?: string; url?: string; exp?: number } = {}, secret = SECRET) =>
  signOverride({ remote: 'mf_catalog', url: previewUrl, exp: Date.now() + 3_600_000, ...claims }, secret);
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'portal.test', accept: 'text/html', ...headers } });
const withCookie = (value: string, url = '/all-games') => get(url, { cookie: `portal_override=${value}` });
const BANNER = 'aria-labelledby="portal-override-title"';

beforeAll(async () => {
  live = await jsonServer({ '/mf-manifest.json': manifest('live.js'), '/fragments.json': fragments('Live') });
  preview = await jsonServer({ '/mf-manifest.json': manifest('preview.js'), '/fragments.json': fragments('Preview') });
  elsewhere = await jsonServer({ '/mf-manifest.json': manifest('elsewhere.js'), '/fragments.json': fragments('Elsewhere') });
  previewUrl = `${preview.base}/mf-manifest.json`;
  shell = fakeShell(`${live.base}/mf-manifest.json`);
  shell.writeConfig({
    remotes: { mf_catalog: `${live.base}/mf-manifest.json` },
    accountApiUrl: 'http://api.test:8000',
    brands: [{ id: 'portal', name: 'PlayVerse', logo: '', title: '', favicon: '', blurb: '', hosts: ['portal.test'] }],
    defaultBrand: { id: 'default', name: 'PlayVerse' },
    overrideOrigins: [preview.base],
  });
  work = mkdtempSync(path.join(os.tmpdir(), 'page-service-overrides-'));
  mkdirSync(path.join(work, 'releases'));
  ({ app } = await buildPageService({
    shellDist: shell.dist,
    releasesDir: path.join(work, 'releases'),
    settings: readPageServiceSettings({ RELEASE_OVERRIDE_SECRET: SECRET }),
  }));
  for (let i = 0; i < 50 && !(await get('/all-games')).body.includes('<h1>Live'); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  // The preview's files are fetched on its first page.
  for (let i = 0; i < 50 && !(await withCookie(token())).body.includes('<h1>Preview'); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await app.close();
  await Promise.all([live.close(), preview.close(), elsewhere.close()]);
  rmSync(work, { recursive: true, force: true });
});

test('the link keeps the token in a cookie for what is left of its life and redirects to the page without it', async () => {
  const given = token({ exp: Date.now() + 7_200_000 });
  const response = await get(`/all-games?page=2&portal-override=${given}`);
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/all-games?page=2');
  expect(response.headers['cache-control']).toBe('no-store');
  const cookie = String(response.headers['set-cookie']);
  expect(cookie).toMatch(
    new RegExp(`^portal_override=${given.replace(/\./g, '\\.')}; Max-Age=(7199|7200); Path=/; HttpOnly; SameSite=Lax$`),
  );
  const overHttps = await get(`/?portal-override=${given}`, { 'x-forwarded-proto': 'https' });
  expect(String(overHttps.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  expect(overHttps.headers.location).toBe('/');
});

test('the cookie’s pages load the preview, carry the banner and its CSP, and are that visitor’s alone', async () => {
  const response = await withCookie(token());
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('<h1>Preview</h1>');
  expect(response.body).toContain('preview.js');
  expect(response.body).not.toContain('live.js');
  expect(response.body).toContain(BANNER);
  expect(response.body).toContain(`mf_catalog loads <code>${previewUrl}</code> until`);
  expect(response.body).toContain('<a href="/all-games?portal-override=clear">Clear preview</a>');
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.headers['set-cookie']).toBeUndefined();
  const csp = String(response.headers['content-security-policy']);
  for (const directive of ['script-src', 'connect-src', 'style-src', 'font-src'])
    expect(csp).toMatch(new RegExp(`${directive} [^;]*${preview.base.replace(/\./g, '\\.')}`));
  const config = await app.inject({
    method: 'GET',
    url: '/config.json',
    headers: { host: 'portal.test', cookie: `portal_override=${token()}` },
  });
  expect((JSON.parse(config.body) as { remotes: Record<string, string> }).remotes.mf_catalog).toBe(previewUrl);
  expect(config.headers['cache-control']).toBe('private, no-store');
  // Everyone else's page, which caches keep, is never the preview's.
  const everyone = await get('/all-games');
  expect(everyone.body).toContain('<h1>Live</h1>');
  expect(everyone.headers['cache-control']).toMatch(/^public/);
});

test('everyone else’s pages are as they were: no banner, no preview origin, shared', async () => {
  const response = await get('/all-games');
  expect(response.body).toContain('<h1>Live</h1>');
  expect(response.body).not.toContain(BANNER);
  expect(response.body).not.toContain('portal-override');
  expect(String(response.headers['content-security-policy'])).not.toContain(preview.base);
  expect(response.headers['cache-control']).toMatch(/^public/);
  expect(response.headers['set-cookie']).toBeUndefined();
});

test.each([
  ['forged (another secret)', () => token({}, 'another-secret-of-thirty-two-chars!')],
  ['expired', () => token({ exp: Date.now() - 1 })],
  ['on an origin not allowed', () => token({ url: `${elsewhere.base}/mf-manifest.json` })],
  ['for an unknown remote', () => token({ remote: 'mf_nothing' })],
  ['not a token', () => 'garbage'],
])('a token %s does nothing: the stable page, and the cookie is cleared', async (_label, make) => {
  const value = make();
  const link = await get(`/all-games?portal-override=${encodeURIComponent(value)}`);
  expect(link.statusCode).toBe(303);
  expect(link.headers['set-cookie']).toBe('portal_override=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  const response = await withCookie(encodeURIComponent(value));
  expect(response.body).toContain('<h1>Live</h1>');
  expect(response.body).not.toContain(BANNER);
  expect(response.body).not.toContain('elsewhere.js');
  expect(String(response.headers['set-cookie'])).toBe('portal_override=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(String(response.headers['content-security-policy'])).not.toContain(preview.base);
});

test('a revoked token does nothing from the next request: the stable page, the cookie cleared; other tokens still work', async () => {
  const revoked = token();
  const other = token();
  const pointers = path.join(work, 'releases', 'current.json');
  expect((await withCookie(revoked)).body).toContain('<h1>Preview');
  // What `npm run release -- revoke-override` writes: the id, until the token would expire.
  const { id, exp } = readOverride(revoked)!;
  writeFileSync(
    pointers,
    JSON.stringify({ version: 1, remotes: { mf_catalog: { revokedOverrides: { [id]: new Date(exp).toISOString() } } } }),
  );
  try {
    const response = await withCookie(revoked);
    expect(response.body).toContain('<h1>Live</h1>');
    expect(response.body).not.toContain(BANNER);
    expect(String(response.headers['set-cookie'])).toBe('portal_override=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const link = await get(`/all-games?portal-override=${encodeURIComponent(revoked)}`);
    expect(link.headers['set-cookie']).toBe('portal_override=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect((await withCookie(other)).body).toContain('<h1>Preview');
  } finally {
    rmSync(pointers);
  }
});

test('a preview’s views and errors are counted under its build id, not as `other`; without the cookie that build is `other`', async () => {
  const beacon = (type: 'view' | 'error', cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/__telemetry',
      headers: { 'content-type': 'text/plain', ...(cookie && { cookie }) },
      payload: JSON.stringify({
        route: '/all-games',
        events: [
          type === 'view'
            ? { type, part: 'mf_catalog', build: 'preview' }
            : { type, part: 'mf_catalog', build: 'preview', kind: 'uncaught', message: 'x' },
        ],
      }),
    });
  const rows = async () =>
    (await app.inject({ method: 'GET', url: '/__telemetry/summary?minutes=5' })).json<{
      releases: { remote: string; version: string; pageViews: number; errors: number }[];
    }>().releases;
  const row = (all: Awaited<ReturnType<typeof rows>>, version: string) =>
    all.find((r) => r.remote === 'mf_catalog' && r.version === version);
  const before = row(await rows(), 'other')?.pageViews ?? 0;
  expect((await beacon('view', `portal_override=${token()}`)).statusCode).toBe(204);
  expect((await beacon('error', `portal_override=${token()}`)).statusCode).toBe(204);
  expect(row(await rows(), 'preview')).toMatchObject({ pageViews: 1, errors: 1 });
  // Anyone can claim a build id; only the token's cookie makes it a label.
  expect((await beacon('view')).statusCode).toBe(204);
  expect((await beacon('view', `portal_override=${token({}, 'another-secret-0123456789-abcdefghij')}`)).statusCode).toBe(204);
  const after = await rows();
  expect(row(after, 'preview')).toMatchObject({ pageViews: 1, errors: 1 });
  expect(row(after, 'other')?.pageViews).toBe(before + 2);
});

test('the banner’s clear link deletes the cookie', async () => {
  const response = await get('/all-games?portal-override=clear', { cookie: `portal_override=${token()}` });
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/all-games');
  expect(String(response.headers['set-cookie'])).toBe('portal_override=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
});

test('only a page answers the link: /config.json and a file keep their own answers', async () => {
  const config = await app.inject({ url: `/config.json?portal-override=${token()}`, headers: { host: 'portal.test' } });
  expect(config.statusCode).toBe(200);
  expect(config.headers['set-cookie']).toBeUndefined();
  expect(config.json<{ remotes: Record<string, string> }>().remotes.mf_catalog).toBe(`${live.base}/mf-manifest.json`);
  const file = await app.inject({ url: `/app.js?portal-override=${token()}`, headers: { host: 'portal.test' } });
  expect(file.statusCode).toBe(404);
  expect(file.headers['set-cookie']).toBeUndefined();
});

// Clients that send raw paths: the URL parser turns these into `//evil.example/`, a link to another site.
test.each(['/.//evil.example/', '/%2e//evil.example/', '/x/..//evil.example/', '/./%2e//evil.example/'])(
  'the clear link and its redirect stay on the site: %s',
  (pathname) => {
    expect(withOverrideParam(`${pathname}?portal-override=clear`, null)).toBe('/evil.example/');
    expect(withOverrideParam(pathname, 'clear')).toBe('/evil.example/?portal-override=clear');
  },
);

test('without RELEASE_OVERRIDE_SECRET overrides are off: a valid token does nothing', async () => {
  const off = await buildPageService({ shellDist: shell.dist, settings: readPageServiceSettings({}) });
  try {
    const response = await off.app.inject({
      method: 'GET',
      url: '/all-games',
      headers: { host: 'portal.test', accept: 'text/html', cookie: `portal_override=${token()}` },
    });
    expect(response.body).not.toContain(BANNER);
    expect(response.body).not.toContain('preview.js');
    expect(String(response.headers['set-cookie'])).toBe('portal_override=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  } finally {
    await off.app.close();
  }
});

test('a secret too short to be a key is refused as the settings are read, saying why (server.test.ts: the service stops)', () => {
  expect(() => readPageServiceSettings({ RELEASE_OVERRIDE_SECRET: 'short' })).toThrow(
    /RELEASE_OVERRIDE_SECRET must be at least 32 characters/,
  );
});
