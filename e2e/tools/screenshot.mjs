import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../chromium.mjs';
import { waitForQuietPage } from '../network.mjs';
const [url, out, width = '1440', height = '900'] = process.argv.slice(2);
const ctx = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'pw-')), {
  executablePath: CHROMIUM_EXECUTABLE,
  headless: true,
  args: [...CHROMIUM_ARGS],
  viewport: { width: Number(width), height: Number(height) },
});
const page = await ctx.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('response', (r) => {
  if (r.status() >= 400) console.log('http', r.status(), r.url());
});
page.on('requestfailed', (r) => console.log('failed:', r.url()));
// Not 'networkidle': a play page's keepalive "play started" never ends for Playwright. The load
// wait is bounded too: a game or thumbnail host out of reach holds the load event back.
await page.goto(url, { waitUntil: 'domcontentloaded' });
await waitForQuietPage(page, { loadTimeoutMs: 15_000 });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: false });
console.log('title:', await page.title());
await ctx.close();
