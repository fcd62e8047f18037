import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';

// The production page through nginx (npm run test:nginx): the page services' pre-rendered,
// cached pages, the same as `npm start` serves them, and what happens when page services fail.

const control = process.env.E2E_TOPOLOGY_CONTROL ?? '';
const configFile = process.env.E2E_TOPOLOGY_CONFIG ?? '';
const tlsUrl = process.env.E2E_TLS_URL ?? '';
const redirectUrl = process.env.E2E_REDIRECT_URL ?? '';
const PAGES = ['/', '/all-games', '/categories/Arcade%20Games', '/game/5'];

const act = async (request: APIRequestContext, action: string, part: 'pages' | 'api', index: number) =>
  expect((await request.post(`${control}/${action}/${part}/${index}`, { timeout: 60_000 })).ok()).toBeTruthy();

/** nginx's page cache (deploy/nginx.conf's proxy_cache_path, in the topology's folder). */
const nginxCache = () => path.join(path.dirname(path.dirname(configFile)), 'cache', 'pages');
/** The keys of the copies nginx keeps: each cache file holds its key after a binary header. */
const keys = () =>
  readdirSync(nginxCache(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => /\nKEY: ([^\n]*)\n/.exec(readFileSync(path.join(entry.parentPath, entry.name), 'latin1'))?.[1]);

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

test('cards and the game frame are in the raw HTML, with per-page titles and link previews', async ({ request }) => {
  const titles = new Set<string>();
  for (const path of PAGES) {
    const response = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('id="runtime-config"');
    expect(html, path).toContain('rel="preload"');
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
    const ogTitle = /<meta property="og:title" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(ogTitle, path).not.toBe('');
    titles.add(title);
    if (path === '/game/5') {
      expect(html).toMatch(/<iframe[^>]+title="Hobo Speedster"/);
      expect(title).toContain('Hobo Speedster');
    } else {
      expect(html, path).toMatch(/href="\/game\/\d+"/);
    }
  }
  expect(titles.size, 'each page has its own title').toBe(PAGES.length);
});

test('a page the site does not have is a 404 through nginx, every time, never a cached 200', async ({ request }) => {
  const ask = (path: string) => request.get(path, { headers: { Accept: 'text/html' } });
  // A second and third ask, after nginx has kept other pages, are still the page service's 404
  // (or nginx's copy of it), never a 200 from a copy or the fallback.
  for (const path of ['/categories/Nope', '/no/such/page']) {
    const first = await ask(path);
    expect(first.status(), path).toBe(404);
    expect(await first.text(), path).toContain('<title>Page not found |');
    await expect.poll(async () => (await ask('/all-games')).headers()['x-cache-status'], { timeout: 5_000 }).toBe('HIT');
    for (let i = 0; i < 3; i += 1) {
      const again = await ask(path);
      expect(again.status(), path).toBe(404);
      expect(await again.text(), path).toContain('<title>Page not found |');
      expect(again.headers()['content-security-policy'], path).toContain('frame-ancestors');
    }
  }
});

test('pages carry the full CSP, COOP and Permissions-Policy, and nginx keeps a copy', async ({ request }) => {
  const first = await request.get('/all-games?fresh=1', { headers: { Accept: 'text/html' } });
  const headers = first.headers();
  const csp = headers['content-security-policy'] ?? '';
  // The remotes and the API are under the https site's origin (decision 0065), nothing else of ours.
  const site = new URL(tlsUrl).origin;
  expect(directive(csp, 'script-src')).toContain(site);
  expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
  expect(directive(csp, 'connect-src')).toContain(site);
  expect(directive(csp, 'connect-src')).not.toMatch(/http:\/\/(localhost|127\.0\.0\.1)/);
  expect(directive(csp, 'frame-src')).toContain('https://html5.gamemonetize.com');
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain(', '); // one policy, not two joined
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cache-control']).toContain('s-maxage=');
  expect(headers['x-request-id']).toMatch(/^[\w.:-]+$/);
  const again = await request.get('/all-games?fresh=1', { headers: { Accept: 'text/html' } });
  expect(again.headers()['x-cache-status']).toBe('HIT');
  expect(again.headers()['x-request-id']).not.toBe(headers['x-request-id']);
  // Operators' views are not public.
  expect((await request.get('/metrics')).status()).toBe(404);
  expect((await request.get(`${tlsUrl}/api/metrics`)).status()).toBe(404);
});

test("a page from nginx's cache is the page the page service drew, with the same headers and its whole CSP", async ({
  request,
}) => {
  // Identity, so the bytes of the two answers can be compared.
  const ask = (query = '') => request.get(`/game/7${query}`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' } });
  const query = `?copy=${Date.now().toString(36)}`;
  const drawn = await ask(query);
  expect(drawn.headers()['x-cache-status']).toBe('MISS');
  const kept = await ask(query);
  expect(kept.headers()['x-cache-status']).toBe('HIT');
  expect(await kept.text()).toBe(await drawn.text());
  const names = ['content-security-policy', 'permissions-policy', 'cross-origin-opener-policy', 'cache-control'];
  for (const name of [...names, 'x-frame-options', 'referrer-policy', 'etag'])
    expect([name, kept.headers()[name]]).toEqual([name, drawn.headers()[name]]);
  // The whole policy is the header's: the document carries no second copy of it.
  expect(directive(kept.headers()['content-security-policy'] ?? '', 'script-src')).toContain(new URL(tlsUrl).origin);
  expect(await kept.text()).not.toContain('http-equiv="Content-Security-Policy"');
  // Brotli, kept as its own copy, as browsers ask for it.
  const brotli = () =>
    request.get(`/game/7${query}`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' } });
  await brotli();
  const compressed = await brotli();
  expect(compressed.headers()['x-cache-status']).toBe('HIT');
  expect(compressed.headers()['content-encoding']).toBe('br');
  expect(await compressed.text()).toBe(await drawn.text());
  // Every copy of a page outside the page services is this nginx's own cache: the topology gives
  // the page services no folder of pages (decision 0067).
  const topology = path.dirname(path.dirname(configFile));
  expect(readdirSync(path.join(topology, 'srv')).filter((name) => /^(pages|fallback)$/.test(name))).toEqual([]);
});

test('nginx keeps the fallback page in its own cache from the pages it sent, before any page service fails', async ({
  request,
}) => {
  await request.get('/all-games', { headers: { Accept: 'text/html' } });
  await expect.poll(() => keys().includes('portal-fallback'), { timeout: 5_000 }).toBe(true);
  // Never a public path: only nginx asks for it.
  expect((await request.get('/_portal/fallback', { headers: { Accept: 'text/html' } })).status()).toBe(404);
});

test('over https: http redirects there, HSTS is sent, and the page is the same', async ({ playwright }) => {
  const tls = await playwright.request.newContext({ ignoreHTTPSErrors: true });
  try {
    const redirect = await tls.get(`${redirectUrl}/game/5?x=1`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe(`${tlsUrl}/game/5?x=1`);
    const page = await tls.get(`${tlsUrl}/game/5`, { headers: { Accept: 'text/html' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(await page.text()).toMatch(/<iframe[^>]+title="Hobo Speedster"/);
    const file = await tls.get(`${tlsUrl}/config.json`);
    expect(file.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Every URL the config hands the browser is on this https origin: no mixed content, no CORS.
    const config = (await file.json()) as { accountApiUrl: string; remotes: Record<string, string> };
    for (const url of [config.accountApiUrl, ...Object.values(config.remotes)]) expect(new URL(url).origin).toBe(tlsUrl);
    // The API and a remote over TLS, with HSTS and anti-framing headers.
    const api = await tls.get(`${config.accountApiUrl}/health`);
    expect(api.status()).toBe(200);
    const manifest = await tls.get(config.remotes.mf_catalog!);
    expect(manifest.status()).toBe(200);
    for (const answer of [api, manifest]) {
      expect(answer.headers()['strict-transport-security']).toMatch(/^max-age=31536000/);
      expect(answer.headers()['x-frame-options']).toBe('DENY');
      expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // The API's answers are its own: never a cached file's policy.
    expect(api.headers()['cache-control']).toBe('no-store');
  } finally {
    await tls.dispose();
  }
});

test('every page hydrates without errors and without CSP violations', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) errors.push(message.text());
  });
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('#root[data-remote-fragments]')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('banner')).toBeVisible();
  }
  await page.getByRole('link', { name: 'All Games' }).first().click();
  await expect(page).toHaveURL(/\/all-games$/);
  expect(errors).toEqual([]);
});

test('an edited config reaches the next page load within 5 s, with no restart or purge', async ({ request }) => {
  const original = readFileSync(configFile, 'utf8');
  const config = JSON.parse(original) as { defaultBrand: { name: string } };
  const name = `Arcade ${Date.now().toString(36)}`;
  const home = () => request.get('/', { headers: { Accept: 'text/html' } });
  // Home is in nginx's cache by now: the edit must reach the copy it serves, not only the page services.
  await expect.poll(async () => (await home()).headers()['x-cache-status'], { timeout: 5_000 }).toBe('HIT');
  try {
    writeFileSync(configFile, JSON.stringify({ ...config, defaultBrand: { ...config.defaultBrand, name } }));
    const edited = Date.now();
    let answer = await home();
    await expect
      .poll(async () => (await (answer = await home()).text()).includes(name), { timeout: 10_000, intervals: [250] })
      .toBe(true);
    expect(Date.now() - edited).toBeLessThan(5_000);
    // And it is the copy nginx serves from its cache now.
    await expect
      .poll(async () => `${(answer = await home()).headers()['x-cache-status']} ${(await answer.text()).includes(name)}`, {
        timeout: 5_000,
        intervals: [100],
      })
      .toBe('HIT true');
  } finally {
    writeFileSync(configFile, original);
  }
});

test('a page service killed under load costs nothing; with both gone, pages still come', async ({ request }) => {
  test.setTimeout(180_000);
  const statuses = new Map<number, number>();
  let stop = false;
  const paths = [...PAGES, '/categories/Puzzle%20Games', '/game/7', '/search?q=car'];
  const load = async () => {
    for (let i = 0; !stop; i += 1) {
      const response = await request.get(paths[i % paths.length]!, { headers: { Accept: 'text/html' } });
      statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: 8 }, load);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await act(request, 'kill', 'pages', 0);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await act(request, 'start', 'pages', 0);
  await act(request, 'restart', 'pages', 1);
  // Both down: what nginx kept, or the plain shell with its CSP; the site still starts.
  await act(request, 'kill', 'pages', 0);
  await act(request, 'kill', 'pages', 1);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  stop = true;
  await Promise.all(workers);
  const unseen = await request.get('/search?q=never-asked-before', { headers: { Accept: 'text/html' } });
  expect(unseen.status()).toBe(200);
  const fallback = await unseen.text();
  expect(fallback).toContain('id="runtime-config"');
  expect(fallback).toContain('<div id="root"></div>');
  // The fallback page, from nginx's own cache (no page service answers), with its CSP.
  expect(unseen.headers()['x-fallback']).toMatch(/^(HIT|STALE|UPDATING)$/);
  expect(unseen.headers()['x-cache-status']).toBeUndefined();
  expect(unseen.headers()['cache-control']).toBe('no-store');
  expect(unseen.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(fallback.replaceAll('&#x27;', "'")).toMatch(
    /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'/,
  );
  await act(request, 'start', 'pages', 0);
  await act(request, 'start', 'pages', 1);
  // Back in nginx's rotation once its failure window (fail_timeout) is over: a new page comes from
  // a page service again, not from the fallback (which carries no cache status).
  let probe = 0;
  await expect
    .poll(
      async () =>
        (await request.get(`/search?q=recovered-${(probe += 1)}`, { headers: { Accept: 'text/html' } })).headers()[
          'x-cache-status'
        ],
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();
  const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
  expect(total).toBeGreaterThan(100);
  expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
});

test('bad input through nginx: a clear 4xx or a normal page, never a 5xx', async ({ request }) => {
  expect((await request.get('/%E0%A4%A', { headers: { Accept: 'text/html' } })).status()).toBe(400);
  // The test before restarts both page services: for up to nginx's fail_timeout (5 s) a page
  // request may still get the fallback shell (200), as the site should while they come back.
  await expect
    .poll(async () => (await request.get(`/search?q=${'x'.repeat(6000)}`, { headers: { Accept: 'text/html' } })).status(), {
      timeout: 15_000,
    })
    .toBe(414);
  const odd = await request.get('/all-games', { headers: { Accept: 'text/html', 'Accept-Encoding': 'br;q=zzz, ;;' } });
  expect(odd.status()).toBe(200);
  const unknownHost = await request.get('/', { headers: { Accept: 'text/html', Host: 'unknown.example' } });
  expect(unknownHost.status()).toBe(200);
});

test('a cold nginx has the fallback page once a page service answered it once, with both gone after', async ({ request }) => {
  test.setTimeout(120_000);
  // Every copy nginx kept is gone, as on a new edge pod (its cache an empty emptyDir).
  for (const entry of readdirSync(nginxCache())) rmSync(path.join(nginxCache(), entry), { recursive: true, force: true });
  expect(keys()).toEqual([]);
  // The page services are back in nginx's rotation after the test before: one page is enough.
  await expect
    .poll(
      async () =>
        (await request.get(`/all-games?cold=${Date.now()}`, { headers: { Accept: 'text/html' } })).headers()['x-cache-status'],
      {
        timeout: 30_000,
      },
    )
    .toBe('MISS');
  await expect.poll(() => keys().includes('portal-fallback'), { timeout: 5_000 }).toBe(true);
  await act(request, 'kill', 'pages', 0);
  await act(request, 'kill', 'pages', 1);
  try {
    const unseen = await request.get('/search?q=cold-and-never-asked', { headers: { Accept: 'text/html' } });
    expect(unseen.status()).toBe(200);
    expect(unseen.headers()['x-fallback']).toMatch(/^(HIT|STALE|UPDATING)$/);
    expect(await unseen.text()).toContain('id="runtime-config"');
    expect(unseen.headers()['content-security-policy']).toBe("frame-ancestors 'none'; object-src 'none'");
  } finally {
    await act(request, 'start', 'pages', 0);
    await act(request, 'start', 'pages', 1);
    // nginx sends nothing to an instance for fail_timeout (5 s) after it failed: the specs after
    // this one start once a new page comes from a page service again, not from the fallback.
    await expect
      .poll(
        async () =>
          (await request.get(`/all-games?back=${Date.now()}`, { headers: { Accept: 'text/html' } })).headers()['x-fallback'] ??
          'drawn',
        { timeout: 20_000 },
      )
      .toBe('drawn');
  }
});
