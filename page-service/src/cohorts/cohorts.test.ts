import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildPageService } from '../app';
import { fakeShell, type FakeShell } from '../testing/fake-shell';
import { jsonServer } from '../testing/json-server';
import { COHORT_COOKIE, OVERRIDE_COOKIE, parseCookies, positionOf, VISITOR_COOKIE } from './cohorts';
import { signOverride } from './override-token';

const SECRET = 's'.repeat(48);
const manifest = (chunk: string) => ({
  metaData: { name: 'mf_catalog', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'AllGamesPage', assets: { js: { sync: [chunk] } } }],
});
const fragments = (heading: string) => ({
  schema: 1,
  pages: { AllGamesPage: { '/all-games': `<h1>${heading}</h1>` } },
  styles: { AllGamesPage: '' },
  props: { AllGamesPage: '{}' },
});

type Server = Awaited<ReturnType<typeof jsonServer>>;
let stable: Server;
let candidate: Server;
let preview: Server;
let shell: FakeShell;
let releasesDir: string;
let app: FastifyInstance;

function writePointers(canary: { share: number; id?: string } | null) {
  const remote = {
    version: 'v1',
    url: `${stable.base}/mf-manifest.json`,
    previous: [],
    forward: [],
    published: {},
    canary: canary && {
      version: 'v2',
      url: `${candidate.base}/mf-manifest.json`,
      share: canary.share,
      id: canary.id ?? 'c1',
      build: 'b2',
    },
  };
  writeFileSync(
    path.join(releasesDir, 'current.json'),
    JSON.stringify({ version: 1, remotes: { mf_catalog: remote }, overrides: [] }),
  );
}

beforeAll(async () => {
  stable = await jsonServer({ '/mf-manifest.json': manifest('stable.js'), '/fragments.json': fragments('Stable games') });
  candidate = await jsonServer({ '/mf-manifest.json': manifest('canary.js'), '/fragments.json': fragments('Canary games') });
  preview = await jsonServer({ '/mf-manifest.json': manifest('preview.js'), '/fragments.json': fragments('Preview games') });
  shell = fakeShell(`${stable.base}/mf-manifest.json`);
  const config = JSON.parse(readFileSync(shell.configFile, 'utf8')) as object;
  shell.writeConfig({ ...config, releaseOverrideOrigins: [preview.base] });
  releasesDir = mkdtempSync(path.join(os.tmpdir(), 'cohorts-test-'));
  writePointers(null);
  ({ app } = buildPageService({ shellDist: shell.dist, releasesDir, env: { RELEASE_OVERRIDE_SECRET: SECRET } }));
  // Let the three remotes' files be fetched once, so every page below is complete.
  writePointers({ share: 50 });
  const seen = new Set<string>();
  for (let i = 0; i < 100 && seen.size < 2; i += 1) {
    const body = (await get('/all-games')).body;
    if (body.includes('<h1>') && /(stable|canary)\.js/.test(body)) seen.add(/<h1>(\w+)/.exec(body)?.[1] ?? '');
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = signOverride(
    { remote: 'mf_catalog', url: `${preview.base}/mf-manifest.json`, iat: Date.now(), exp: Date.now() + 60_000 },
    SECRET,
  );
  for (
    let i = 0;
    i < 50 && !(await get('/all-games', { cookie: `${OVERRIDE_COOKIE}=${token}` })).body.includes('preview.js');
    i += 1
  )
    await new Promise((resolve) => setTimeout(resolve, 50));
  writePointers(null);
});
afterAll(async () => {
  await app.close();
  await Promise.all([stable.close(), candidate.close(), preview.close()]);
  rmSync(releasesDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { host: 'portal.test', accept: 'text/html', ...headers } });
}
const setCookies = (response: LightMyRequestResponse): string[] => {
  const value = response.headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};
/** The cookies a browser would keep from a response (a Max-Age=0 one removes it). */
function jar(response: LightMyRequestResponse, previous = new Map<string, string>()): Map<string, string> {
  const next = new Map(previous);
  for (const line of setCookies(response)) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (/Max-Age=0\b/.test(line)) next.delete(name);
    else next.set(name, value);
  }
  return next;
}
const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const isCanary = (html: string) => html.includes('Canary games');

describe('no canary running', () => {
  test('pages are shared: no cookie, the live release, the shared Cache-Control', async () => {
    const response = await get('/all-games');
    expect(setCookies(response)).toEqual([]);
    expect(response.headers['x-release-cohort']).toBe('live');
    expect(response.headers['cache-control']).toMatch(/^public, /);
    expect(response.body).toContain('Stable games');
  });
});

describe('a canary at 20 %', () => {
  beforeAll(() => writePointers({ share: 20 }));
  afterAll(() => writePointers(null));

  test('reaches about 20 % of new visitors, each page entirely on one release', async () => {
    let canaries = 0;
    for (let i = 0; i < 300; i += 1) {
      const response = await get('/all-games');
      const cookies = jar(response);
      expect(cookies.get(VISITOR_COOKIE)).toMatch(/^[0-9a-f]{16}$/);
      // A first page sets cookies: never kept by a shared cache.
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const html = response.body;
      const csp = String(response.headers['content-security-policy']);
      if (isCanary(html)) {
        canaries += 1;
        expect(cookies.get(COHORT_COOKIE)).toBe('mf_catalog:v2');
        expect(response.headers['x-release-cohort']).toBe('mf_catalog:v2');
        // Fragment, config, hints and CSP all name the canary, and nothing names the live release.
        expect(html).toContain(`"mf_catalog":"${candidate.base}/mf-manifest.json"`);
        expect(html).toContain(`${candidate.base}/canary.js`);
        expect(html).not.toContain(stable.base);
        expect(csp).toContain(candidate.base);
        expect(csp).not.toContain(stable.base);
      } else {
        expect(cookies.get(COHORT_COOKIE)).toBe('stable');
        expect(html).toContain('Stable games');
        expect(html).toContain(`${stable.base}/stable.js`);
        expect(html).not.toContain(candidate.base);
        expect(csp).not.toContain(candidate.base);
      }
    }
    expect(canaries).toBeGreaterThanOrEqual(0.14 * 300);
    expect(canaries).toBeLessThanOrEqual(0.26 * 300);
  });

  test('a visitor keeps their release on every page and reload; their pages are shared by cohort', async () => {
    for (let visitor = 0; visitor < 20; visitor += 1) {
      const first = await get('/all-games');
      const cookies = jar(first);
      const canary = isCanary(first.body);
      for (const url of ['/all-games', '/all-games', '/categories/Puzzle', '/all-games']) {
        const again = await get(url, { cookie: cookieHeader(cookies) });
        expect(setCookies(again)).toEqual([]);
        expect(again.headers['x-release-cohort']).toBe(cookies.get(COHORT_COOKIE));
        expect(again.headers['cache-control']).toMatch(/^public, /);
        if (url === '/all-games') expect(isCanary(again.body)).toBe(canary);
      }
    }
  });

  test('widening keeps everyone who was in; a forged cohort cookie never stores a wrong page', async () => {
    const visitor = 'abcdef0123456789';
    const inAt20 = positionOf(visitor, 'mf_catalog', 'c1') < 2000;
    const lying = await get('/all-games', {
      cookie: `${VISITOR_COOKIE}=${visitor}; ${COHORT_COOKIE}=${inAt20 ? 'stable' : 'mf_catalog:v2'}`,
    });
    expect(isCanary(lying.body)).toBe(inAt20); // drawn for the real cohort…
    expect(jar(lying).get(COHORT_COOKIE)).toBe(inAt20 ? 'mf_catalog:v2' : 'stable'); // …with the label corrected
    expect(lying.headers['cache-control']).toBe('private, no-cache'); // and never kept under the wrong label
    const ids = Array.from({ length: 200 }, (_, i) => i.toString(16).padStart(16, '0'));
    const at10 = ids.filter((id) => positionOf(id, 'mf_catalog', 'c1') < 1000);
    expect(at10.every((id) => positionOf(id, 'mf_catalog', 'c1') < 3000)).toBe(true);
  });

  test('abort: canary visitors are back on the live release, their cohort cookie cleared', async () => {
    let cookies = new Map<string, string>();
    for (let i = 0; i < 100 && cookies.get(COHORT_COOKIE) !== 'mf_catalog:v2'; i += 1) cookies = jar(await get('/all-games'));
    expect(cookies.get(COHORT_COOKIE)).toBe('mf_catalog:v2');
    writePointers(null);
    const after = await get('/all-games', { cookie: cookieHeader(cookies) });
    expect(after.body).toContain('Stable games');
    expect(jar(after, cookies).has(COHORT_COOKIE)).toBe(false);
    expect(after.headers['x-release-cohort']).toBe('live');
    writePointers({ share: 20 });
  });

  test('promote: everyone on the new release', async () => {
    writeFileSync(
      path.join(releasesDir, 'current.json'),
      JSON.stringify({
        version: 2,
        remotes: { mf_catalog: { version: 'v2', url: `${candidate.base}/mf-manifest.json`, canary: null } },
      }),
    );
    for (let i = 0; i < 20; i += 1) expect(isCanary((await get('/all-games')).body)).toBe(true);
    writePointers({ share: 20 });
  });
});

describe('a preview override', () => {
  const previewUrl = () => `${preview.base}/mf-manifest.json`;
  const token = (claims: Partial<{ url: string; exp: number; remote: string }> = {}, secret = SECRET) =>
    signOverride({ remote: 'mf_catalog', url: previewUrl(), iat: Date.now(), exp: Date.now() + 3_600_000, ...claims }, secret);

  test('set once by the query parameter, then kept in a cookie: the page loads the preview, with a banner, privately', async () => {
    const given = token();
    const set = await get(`/all-games?page=2&release_override=${given}`);
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe('/all-games?page=2');
    expect(set.headers['cache-control']).toBe('private, no-store');
    const cookies = jar(set);
    expect(cookies.get(OVERRIDE_COOKIE)).toBe(given);
    expect(setCookies(set)[0]).toMatch(/Max-Age=(3599|3600); HttpOnly; SameSite=Lax$/);

    const page = await get('/all-games', { cookie: cookieHeader(cookies) });
    expect(page.body).toContain('Preview games');
    expect(page.body).toContain(`"mf_catalog":"${previewUrl()}"`);
    expect(page.body).not.toContain(stable.base);
    expect(String(page.headers['content-security-policy'])).toContain(preview.base);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-release-override']).toMatch(/^[0-9a-f]{12}$/);
    expect(page.body).toMatch(
      /<div id="release-override-banner" role="status"[^>]*>.*Preview: <strong>mf_catalog<\/strong> loads http/,
    );
    expect(page.body).toContain('<input type="hidden" name="release_override" value="clear"><button type="submit"');
    // The banner is outside the root React hydrates.
    expect(page.body.indexOf('release-override-banner')).toBeGreaterThan(page.body.indexOf('</main></div>'));

    const cleared = await get('/all-games?release_override=clear', { cookie: cookieHeader(cookies) });
    expect(cleared.statusCode).toBe(303);
    expect(cleared.headers.location).toBe('/all-games');
    const after = jar(cleared, cookies);
    expect(after.has(OVERRIDE_COOKIE)).toBe(false);
    expect((await get('/all-games', { cookie: cookieHeader(after) })).body).toContain('Stable games');
  });

  test('another browser, without the cookie, sees nothing of it', async () => {
    const page = await get('/all-games');
    expect(page.body).toContain('Stable games');
    expect(page.body).not.toContain('release-override-banner');
  });

  test.each([
    ['signed with another secret', () => token({}, 'x'.repeat(48))],
    ['expired', () => token({ exp: Date.now() - 1000 })],
    ['for an origin not on the allow-list', () => token({ url: 'https://elsewhere.test/mf-manifest.json' })],
    ['for a remote the site does not have', () => token({ remote: 'mf_nothing' })],
    ['tampered with', () => token().replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`)],
    ['not a token', () => 'hello'],
  ])('%s: does nothing', async (_label, make) => {
    const bad = make();
    const asked = await get(`/all-games?release_override=${encodeURIComponent(bad)}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Stable games');
    expect(jar(asked).has(OVERRIDE_COOKIE)).toBe(false);
    const withCookie = await get('/all-games', { cookie: `${OVERRIDE_COOKIE}=${bad}` });
    expect(withCookie.body).toContain('Stable games');
    expect(withCookie.body).not.toContain('release-override-banner');
    expect(withCookie.headers['x-release-override']).toBeUndefined();
    expect(setCookies(withCookie).join()).toContain(`${OVERRIDE_COOKIE}=; Path=/; Max-Age=0`);
  });

  test('without a secret on the server, even a good token does nothing', async () => {
    const { app: closed } = buildPageService({ shellDist: shell.dist, releasesDir });
    const response = await closed.inject({
      url: `/all-games?release_override=${token()}`,
      headers: { host: 'portal.test', accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    await closed.close();
  });
});

test('cookies are parsed as browsers send them', () => {
  expect([...parseCookies('a=1; b=x=y;  c=; =bad; a=2')]).toEqual([
    ['a', '1'],
    ['b', 'x=y'],
    ['c', ''],
  ]);
});
