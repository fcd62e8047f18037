import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildPageService } from '../app';
import { readPageServiceSettings } from '../config/page-settings';
import { FALLBACK_PATH } from './page-routes';
import { fakeShell, type FakeShell } from '../testing/fake-shell';
import { Failing, jsonServer } from '../testing/json-server';
import type { PageCache } from '../render/page-cache';

const FRAGMENTS = (heading: string) => ({
  schema: 1,
  pages: { AllGamesPage: { '/all-games': `<h1>${heading}</h1>` } },
  styles: { AllGamesPage: '.cards{display:grid}' },
  props: { AllGamesPage: '{}' },
});
const MANIFEST = {
  metaData: { name: 'mf_catalog', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'AllGamesPage', assets: { js: { sync: ['all-games.js'] } } }],
};
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

let remote: Awaited<ReturnType<typeof jsonServer>>;
let shell: FakeShell;
let app: FastifyInstance;
let cache: PageCache;

beforeAll(async () => {
  remote = await jsonServer({ '/mf-manifest.json': MANIFEST, '/fragments.json': FRAGMENTS('All Games') });
  shell = fakeShell(`${remote.base}/mf-manifest.json`);
  ({ app, cache } = await buildPageService({
    shellDist: shell.dist,
    serveAssets: true,
    settings: readPageServiceSettings({ ACCOUNT_API_URL: 'http://api.example:8000' }),
  }));
  // The remote's files are fetched on the first page that needs them; wait until they are in.
  const ready = (html: string) => html.includes('<h1>') && html.includes('all-games.js');
  for (let i = 0; i < 50 && !ready((await get('/all-games')).body); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await app.close();
  await remote.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'portal.test', accept: 'text/html', ...headers } });

describe('a page', () => {
  test("is the shell with the page's content, config, JSON-LD, hints and the remote's stylesheet", async () => {
    const response = await get('/all-games');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<div id="root" data-remote-fragments="mf_catalog/AllGamesPage"><main><h1>All Games</h1>');
    expect(html).toContain(
      '<title>Page /all-games</title><meta property="og:url" content="http://portal.test/all-games" data-page-meta=""/>',
    );
    expect(html).toContain('<style data-href="/main.abcdef0123.css">body{margin:0}</style>');
    expect(html).toContain('<style data-remote-fragment-style="mf_catalog/AllGamesPage">.cards{display:grid}</style>');
    expect(html).toContain('<script type="application/json" id="runtime-config">');
    expect(html).toContain('"accountApiUrl":"http://api.example:8000"');
    // JSON-LD is escaped like the config: a '</script>' inside cannot end the element.
    expect(html).toContain(
      '<script type="application/ld+json">{"@type":"VideoGame","name":"\\u003c/script\\u003e\\u003cb\\u003e"}</script>',
    );
    expect(html).toContain(`<link rel="preload" href="${remote.base}/all-games.js" as="script" fetchPriority="low"/>`);
  });

  test('carries its security headers, its CSP hashing exactly its inline scripts', async () => {
    const { headers, body } = await get('/all-games');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${remote.base} https://www.google.com/recaptcha/`);
    // The one inline script the renderer reported; JSON blocks are data.
    const hash = createHash('sha256').update('window.__inline = 1').digest('base64');
    expect(csp.match(/'sha256-[^']+'/g)).toEqual([`'sha256-${hash}'`]);
    // The header is the whole policy: the document carries no second copy of it.
    expect(body).toContain('window.__inline = 1');
    expect(body).not.toContain('http-equiv="Content-Security-Policy"');
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('http://api.example:8000');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['strict-transport-security']).toBeUndefined();
    const overHttps = await get('/all-games', { 'x-forwarded-proto': 'https' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(overHttps.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  test('is cacheable by a shared cache, with a validator per encoding', async () => {
    const plain = await get('/all-games');
    expect(plain.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=86400');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const br = await app.inject({
      method: 'GET',
      url: '/all-games',
      headers: { host: 'portal.test', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag.replace(/"$/, '-br"'));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({
      method: 'GET',
      url: '/all-games',
      headers: { host: 'portal.test', 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await get('/all-games', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('is rendered once and then served from memory, compressed once per encoding', async () => {
    await get('/categories/Puzzle');
    const before = renders();
    const hits = cache.hits;
    for (let i = 0; i < 5; i += 1) await get('/categories/Puzzle', { 'accept-encoding': 'br' });
    expect(renders()).toBe(before);
    expect(cache.hits).toBe(hits + 5);
  });

  test('an edited config reaches the very next page, with no restart', async () => {
    expect((await get('/all-games')).body).toContain('Play free');
    shell.writeConfig({ ...(JSON.parse(readFileSync(shell.configFile, 'utf8')) as object), motto: 'Play more' });
    const after = await get('/all-games');
    expect(after.body).toContain('Play more');
    expect((await app.inject({ url: '/config.json', headers: { host: 'portal.test' } })).json()).toMatchObject({
      motto: 'Play more',
    });
    // nginx's fallback page carries the same config as the pages.
    expect((await app.inject({ url: FALLBACK_PATH, headers: { host: 'portal.test' } })).body).toContain('Play more');
  });

  test("a remote's redeployed fragments reach pages with the service's next refresh of its files", async () => {
    remote.files['/fragments.json'] = FRAGMENTS('Every Game');
    // Refreshed every second in the background: polled for, not a fixed wait a busy machine outruns.
    let body = '';
    for (let i = 0; i < 100 && !body.includes('<h1>Every Game</h1>'); i += 1) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      body = (await get('/all-games')).body;
    }
    expect(body).toContain('<h1>Every Game</h1>');
  });

  test('a render that fails gives the plain shell with its config, not a 500, and is not kept', async () => {
    const response = await get('/explode');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('id="runtime-config"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
    const before = renders();
    await get('/explode');
    expect(renders()).toBe(before + 1);
  });
});

describe('a page the site does not have', () => {
  test('is answered 404 with the whole page, its headers and no validator (never a 304)', async () => {
    const response = await get('/nowhere');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Page /nowhere</title>');
    expect(String(response.headers['content-security-policy'])).toContain("'sha256-");
    expect(response.headers.etag).toBeUndefined();
    const again = await get('/nowhere', { 'if-none-match': '*' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(response.body);
    const head = await app.inject({ method: 'HEAD', url: '/nowhere', headers: { host: 'portal.test', accept: 'text/html' } });
    expect(head.statusCode).toBe(404);
  });
});

describe("the API's play figures", () => {
  test('are drawn into pages, and a change reaches the next page within a refresh', async () => {
    const stats = (mostPlayed: number[]) => ({
      generatedAt: new Date().toISOString(),
      games: {},
      trending: [],
      trendingWindow: '24h',
      mostPlayed,
    });
    remote.files['/api/stats/games'] = stats([5]);
    const service = await buildPageService({ shellDist: shell.dist, statsUrl: remote.base });
    const page = async () =>
      (await service.app.inject({ url: '/all-games', headers: { host: 'portal.test', accept: 'text/html' } })).body;
    try {
      expect(await page()).toContain('<p>most played: 5</p>');
      remote.files['/api/stats/games'] = stats([7, 5]);
      let html = '';
      for (let i = 0; i < 80 && !html.includes('most played: 7,5'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        html = await page();
      }
      expect(html).toContain('<p>most played: 7,5</p>');
    } finally {
      await service.app.close();
    }
  });

  test('that cannot be had give a page without them', async () => {
    expect((await get('/all-games')).body).toContain('<p>most played: no figures</p>');
  });
});

describe('games the link checker found dead', () => {
  const DEAD = 7;
  let service: Awaited<ReturnType<typeof buildPageService>>;
  let deadRemote: Awaited<ReturnType<typeof jsonServer>>;
  const ask = (url: string) => service.app.inject({ url, headers: { host: 'portal.test', accept: 'text/html' } });
  beforeAll(async () => {
    deadRemote = await jsonServer({
      '/mf-manifest.json': MANIFEST,
      '/fragments.json': {
        ...FRAGMENTS('All Games'),
        pages: {
          AllGamesPage: {
            '/all-games': `<h1>All Games</h1><a href="/game/5">5</a><a href="/game/${DEAD}">7</a>`,
            '/live-links': '<h1>Live links</h1><a href="/game/5">5</a>',
            '/unlisted-links': '<h1>Unlisted links</h1><a href="/game/5">5</a>',
          },
        },
        // What the remote's build saw its pages link to; '/unlisted-links' has no entry (an older build).
        linkedGames: { AllGamesPage: { '/all-games': [5, DEAD], '/live-links': [5] } },
      },
      '/api/stats/games': {
        generatedAt: new Date().toISOString(),
        games: {},
        trending: [],
        trendingWindow: '24h',
        mostPlayed: [],
        unavailable: [DEAD],
      },
    });
    const deadShell = fakeShell(`${deadRemote.base}/mf-manifest.json`);
    service = await buildPageService({ shellDist: deadShell.dist, statsUrl: deadRemote.base });
  });
  afterAll(async () => {
    await service.app.close();
    await deadRemote.close();
  });

  test('answer 410 on their play page, which is never cached as a 304 or kept as a file', async () => {
    const response = await ask(`/game/${DEAD}`);
    expect(response.statusCode).toBe(410);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await ask('/game/5')).statusCode).toBe(200);
  });

  test('keep a page that links to one out of the HTML drawn from its build: the remote draws it without', async () => {
    let html = '';
    // The remote's fragments are fetched on the first page that needs them.
    for (let i = 0; i < 50 && !html.includes('placeholder'); i += 1) {
      html = (await ask('/all-games')).body;
      if (!html.includes('placeholder')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(html).toContain('<p>placeholder</p>');
    expect(html).not.toContain(`href="/game/${DEAD}"`);
  });

  test('keep the HTML of a page whose build says it links to none of them; one that does not say gets the placeholder', async () => {
    expect((await ask('/live-links')).body).toContain('<h1>Live links</h1>');
    const unlisted = (await ask('/unlisted-links')).body;
    expect(unlisted).toContain('<p>placeholder</p>');
    expect(unlisted).not.toContain('Unlisted links');
  });

  test('leave the sitemap, which is drawn from the live list', async () => {
    const response = await service.app.inject({ url: '/sitemap.xml', headers: { host: 'portal.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain('<loc>http://portal.test/game/5</loc>');
    expect(response.body).not.toContain(`<loc>http://portal.test/game/${DEAD}</loc>`);
    // The main service's API gives no figures: every game is listed.
    expect((await app.inject({ url: '/sitemap.xml', headers: { host: 'portal.test' } })).body).toContain(
      `<loc>http://portal.test/game/${DEAD}</loc>`,
    );
  });
});

describe('bad input gets a clear answer, never a 500', () => {
  test.each([
    ['a Host with a path in it', { host: 'evil.test/x' }, 400],
    ['a Host with spaces', { host: 'a b' }, 400],
  ])('%s', async (_label, headers, status) => {
    const response = await get('/', headers);
    expect(response.statusCode).toBe(status);
    expect(response.body).toMatch(/Host/);
  });

  test('a huge URL is refused with 414', async () => {
    expect((await get(`/search?q=${'x'.repeat(5000)}`)).statusCode).toBe(414);
  });

  test('a malformed path gets a clear 400; an unknown host a normal page', async () => {
    for (const url of ['/categories/%E0%A4%A', '/%']) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe('Bad Request: malformed URL');
    }
    const unknown = await get('/', { host: 'nobody-knows.example:8443' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('on nobody-knows.example</p>');
  });

  test('a malformed Accept-Encoding gets the page uncompressed', async () => {
    for (const value of ['br;q=zzz', ';;;,,', 'compress', 'br;q=0, gzip;q=0']) {
      const response = await get('/all-games', { 'accept-encoding': value });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toContain('<h1>');
    }
  });

  test('other methods get 404, HEAD gets the headers only', async () => {
    expect((await app.inject({ method: 'POST', url: '/', headers: { host: 'portal.test' } })).statusCode).toBe(404);
    const head = await app.inject({ method: 'HEAD', url: '/all-games', headers: { host: 'portal.test' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
  });
});

describe('around the pages', () => {
  test('a valid X-Request-Id is echoed, anything else replaced by a fresh one', async () => {
    expect((await get('/', { 'x-request-id': 'abc-123' })).headers['x-request-id']).toBe('abc-123');
    const replaced = (await get('/', { 'x-request-id': 'bad id\u0007' })).headers['x-request-id'];
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("the shell's files, when this service serves them: hashed for a year, maps never", async () => {
    const css = await app.inject({ url: '/main.abcdef0123.css', headers: { host: 'portal.test' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/main.abcdef0123.css.map', headers: { host: 'portal.test' } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/missing.js', headers: { host: 'portal.test' } })).statusCode).toBe(404);
  });

  test("nginx's fallback page: the plain shell with its config and its CSP in a meta tag, kept by nginx alone", async () => {
    const response = await app.inject({ url: FALLBACK_PATH, headers: { host: 'portal.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    // Attribute values as the browser reads them (the one escaper writes ' as &#x27;, as React does).
    expect(html.replaceAll('&#x27;', "'")).toMatch(
      /^<!doctype html><html lang="en"><head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'/,
    );
    expect(html).not.toContain('frame-ancestors');
    expect(html).toContain('id="runtime-config"');
    expect(html).toContain('<div id="root"></div>');
    // Pages carry their policy as a header alone: no copy of them is ever served without it.
    expect((await get('/')).body).not.toContain('http-equiv="Content-Security-Policy"');
    const head = await app.inject({ method: 'HEAD', url: FALLBACK_PATH, headers: { host: 'portal.test' } });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  });

  test('health and readiness', async () => {
    expect((await app.inject({ url: '/livez' })).json()).toEqual({ ok: true, part: 'page-service' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('ready means whole pages', () => {
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 60 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  test('a remote whose files do not answer: not ready, and its pages are not cacheable until it is back', async () => {
    const failing = await jsonServer({ '/mf-manifest.json': MANIFEST, '/fragments.json': new Failing(503) });
    const service = await buildPageService({ shellDist: fakeShell(`${failing.base}/mf-manifest.json`).dist });
    const page = () => service.app.inject({ url: '/all-games', headers: { host: 'portal.test', accept: 'text/html' } });
    const readyz = () => service.app.inject({ url: '/readyz' });
    try {
      const notReady = await readyz();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json<{ detail: string }>().detail).toContain(`${failing.base}/fragments.json`);
      const partial = await page();
      expect(partial.statusCode).toBe(200);
      expect(partial.body).toContain('<p>placeholder</p>');
      expect(partial.headers['cache-control']).toBe('private, no-store');
      expect(partial.headers.etag).toBeUndefined();

      failing.files['/fragments.json'] = FRAGMENTS('All Games');
      await until(async () => (await readyz()).statusCode === 200);
      expect((await readyz()).statusCode).toBe(200);
      let whole = await page();
      await until(async () => (whole = await page()).body.includes('<h1>All Games</h1>'));
      expect(whole.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=86400',
      );
      expect(whole.headers.etag).toMatch(/^"/);
    } finally {
      await service.app.close();
      await failing.close();
    }
  });

  test('a remote that ships no fragments (a 404) is an answer: ready, pages cacheable', async () => {
    const plain = await jsonServer({ '/mf-manifest.json': MANIFEST });
    const service = await buildPageService({ shellDist: fakeShell(`${plain.base}/mf-manifest.json`).dist });
    try {
      expect((await service.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const response = await service.app.inject({ url: '/all-games', headers: { host: 'portal.test', accept: 'text/html' } });
      expect(response.headers['cache-control']).toContain('public');
    } finally {
      await service.app.close();
      await plain.close();
    }
  });

  test("without the shell's pre-renderer no page is whole: not ready", async () => {
    const service = await buildPageService({ shellDist: fakeShell(`${remote.base}/mf-manifest.json`, { renderer: false }).dist });
    try {
      const response = await service.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ detail: string }>().detail).toContain('render-page.cjs');
      // A page: 503, so nginx asks another instance or sends its fallback page (never a 500).
      const page = await service.app.inject({ url: '/all-games', headers: { host: 'portal.test', accept: 'text/html' } });
      expect(page.statusCode).toBe(503);
      expect(page.json<{ message: string }>().message).toContain('render-page.cjs');
    } finally {
      await service.app.close();
    }
  });
});
