// The page's whole document is rendered by React (shell/src/prerender/render-document.tsx): the
// browser takes the server's HTML over without React drawing any of it again, and the policy in
// the document's meta tag is the header's.
import { expect, test } from '../fixtures';
import { CATEGORIES } from '../support/catalogue';
import { remotePagesMounted } from '../support/federation';

const PAGES = ['/', '/all-games', `/categories/${encodeURIComponent(CATEGORIES[0]!)}`, '/game/5', '/terms', '/no-such-page'];

/** What React, or the shell's start-up (bootstrap.tsx), says when the server's HTML did not match its first render. */
const MISMATCH = /server HTML differed|hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;

for (const path of PAGES) {
  test(`${path}: the browser hydrates the server's document without drawing it again`, async ({ page }) => {
    const reports: string[] = [];
    page.on('console', (message) => {
      if (['warning', 'error'].includes(message.type())) reports.push(message.text());
    });
    page.on('pageerror', (error) => reports.push(error.message));
    await page.goto(path);
    await remotePagesMounted(page);
    await expect(page.locator('header').first()).toBeVisible();
    // Two frames: React's recoverable errors are reported after the commit that found them.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(reports.filter((text) => MISMATCH.test(text))).toEqual([]);
  });
}

test('pages carry their CSP as a header alone; the fallback page carries the same policy as a meta tag, less what only a header can carry', async ({
  page,
}) => {
  const metaOf = (text: string) =>
    // As a browser parses it (attribute values unescaped), without running it.
    page.evaluate(
      (html) =>
        new DOMParser()
          .parseFromString(html, 'text/html')
          .querySelector('meta[http-equiv="Content-Security-Policy"]')
          ?.getAttribute('content') ?? null,
      text,
    );
  let header = '';
  for (const path of ['/', '/game/5']) {
    const response = await page.request.get(path, { headers: { accept: 'text/html' } });
    header = response.headers()['content-security-policy'] ?? '';
    const html = await response.text();
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(header).toContain("script-src 'self'");
    expect(await metaOf(html)).toBeNull();
  }
  // What nginx keeps and sends when no page service answers (decision 0067).
  const fallback = await page.request.get('/_portal/fallback');
  expect(fallback.status()).toBe(200);
  expect(await metaOf(await fallback.text())).toBe(header.replace("; frame-ancestors 'none'", ''));
});
