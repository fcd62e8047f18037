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

test("the document's CSP meta is the header's policy, less what only a header can carry", async ({ page }) => {
  for (const path of ['/', '/game/5']) {
    const response = await page.request.get(path, { headers: { accept: 'text/html' } });
    const header = response.headers()['content-security-policy'] ?? '';
    const html = await response.text();
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charSet="utf-8"/>')).toBe(true);
    // As a browser parses it (attribute values unescaped), without running it.
    const meta = await page.evaluate(
      (text) =>
        new DOMParser()
          .parseFromString(text, 'text/html')
          .querySelector('meta[http-equiv="Content-Security-Policy"]')
          ?.getAttribute('content'),
      html,
    );
    expect(meta).toBe(header.replace("; frame-ancestors 'none'", ''));
  }
});
