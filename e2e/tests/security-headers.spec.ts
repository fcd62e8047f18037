import { expect, test, watchCspViolations } from '../fixtures';

const FOREIGN_GAME = 'https://evil.example/steal-the-session/';

test.describe('security headers of the site', () => {
  test('the shell sends a CSP built from the runtime config, and the other policies', async ({ page, ports }) => {
    const response = await page.request.get('/');
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    for (const port of [ports.mf_catalog, ports.mf_player, ports.mf_account]) {
      expect(directive('script-src')).toContain(`http://localhost:${port}`);
    }
    expect(directive('script-src')).toContain('https://www.google.com/recaptcha/');
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(directive('script-src')).not.toContain("'unsafe-eval'");
    expect(directive('frame-src')).toContain('https://html5.gamemonetize.com');
    expect(directive('frame-src')).toContain('https://www.google.com/recaptcha/');
    expect(directive('connect-src')).toContain(`http://localhost:${ports.api}`);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('fullscreen=(self "https://html5.gamemonetize.com")');
    // HSTS only where the site is served over https (here: as a TLS proxy would announce it).
    expect(headers['strict-transport-security']).toBeUndefined();
    const overHttps = await page.request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // A history-fallback route carries the same policy as the home page.
    expect((await page.request.get('/profile')).headers()['content-security-policy']).toBe(csp);
  });

  test('source maps are not served, by the shell or the remotes', async ({ page, ports }) => {
    const html = await (await page.request.get('/')).text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the shell page loads a script').toBeTruthy();
    const { pathname } = new URL(script!, `http://localhost:${ports.shell}/`);
    expect((await page.request.get(`http://localhost:${ports.shell}${pathname}`)).status()).toBe(200);
    expect((await page.request.get(`http://localhost:${ports.shell}${pathname}.map`)).status()).toBe(404);
    const remote = await page.request.get(`http://localhost:${ports.mf_player}/remoteEntry.js`);
    expect(remote.status()).toBe(200);
    expect(remote.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await page.request.get(`http://localhost:${ports.mf_player}/remoteEntry.js.map`)).status()).toBe(404);
  });

  test('no other site can frame the shell', async ({ context, ports }) => {
    // A page of its own (not the watched fixture page): the refusal itself is a CSP report.
    const framer = await context.newPage();
    const reports = await watchCspViolations(framer);
    await framer.goto(`http://localhost:${ports.mf_catalog}/__health`);
    const frameOf = async (src: string) => {
      await framer.setContent(`<iframe src="${src}" width="800" height="600"></iframe>`);
      const frame = framer.frames().find((candidate) => candidate !== framer.mainFrame())!;
      await expect.poll(() => frame.url(), { timeout: 10_000 }).not.toBe('about:blank');
      await framer.waitForLoadState('load');
      return frame;
    };
    // Control: a page without frame-ancestors (a remote's health answer) does load in this frame.
    const control = await frameOf(`http://localhost:${ports.mf_player}/__health`);
    await expect(control.locator('body')).toContainText('"ok":true');
    // The shell is refused: Chromium puts its error page in the frame instead of the portal.
    const portal = await frameOf(`http://localhost:${ports.shell}/profile`);
    await expect.poll(() => portal.url(), { timeout: 10_000 }).toMatch(/^chrome-error:/);
    await expect(portal.locator('header')).toHaveCount(0);
    // So is every answer of the account API.
    const api = await frameOf(`http://localhost:${ports.api}/health`);
    await expect.poll(() => api.url(), { timeout: 10_000 }).toMatch(/^chrome-error:/);
    // The violation watcher of every other test sees this refusal: it is not blind.
    await expect.poll(() => reports.join('\n')).toMatch(/frame-ancestors/);
    await framer.close();
  });
});

test.describe('the game frame plays only configured game hosts', () => {
  for (const [label, link] of [
    ['a foreign link', FOREIGN_GAME],
    ["the site's own origin", '/profile'],
  ] as const) {
    test(`${label} shows 'Game not found'`, async ({ page, baseURL }) => {
      await page.goto('/');
      const absolute = new URL(link, baseURL).href;
      await page.evaluate((gameLink) => {
        localStorage.setItem('gameId', 'e2e-foreign');
        localStorage.setItem('gameLink', gameLink);
        localStorage.setItem('gameName', 'Not a game');
      }, absolute);
      await page.goto('/game/e2e-foreign');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Game not found');
      await expect(page.locator('iframe')).toHaveCount(0);
    });
  }
});
