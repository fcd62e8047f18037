// Benchmark: what the home page costs a first-time visitor. Serves the last production build
// (run `npm run build` first), loads / in headless Chromium with a cold cache several times
// and prints requests, transferred bytes per part and timings. Prints figures; asserts nothing.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/chromium.mjs';
import { portsFromBase, serveAll } from './start.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ports = portsFromBase(Number(process.env.BENCH_PORT_BASE ?? 5000));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const { stop } = await serveAll({ ports, quiet: true, apiEnv: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });

const partOf = (url) => {
  const port = Number(new URL(url).port);
  return Object.entries(ports).find(([, p]) => p === port)?.[0] ?? 'external';
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({
  executablePath: CHROMIUM_EXECUTABLE,
  args: [...CHROMIUM_ARGS],
});
const runs = [];
try {
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Thumbnails live on a third-party host this machine cannot reach: answer them empty.
    await context.route(/^https?:\/\/(?!localhost)/, (route) => route.fulfill({ status: 204, body: '' }));
    const page = await context.newPage();
    const responses = [];
    page.on('requestfinished', async (request) => {
      const sizes = await request.sizes().catch(() => null);
      if (sizes)
        responses.push({
          url: request.url(),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          type: request.resourceType(),
        });
    });
    const started = Date.now();
    await page.goto(`http://localhost:${ports.shell}/`, { waitUntil: 'load' });
    await page.locator('main h1, main .swiper').first().waitFor({ state: 'visible' });
    const contentVisibleMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
    });
    const byPart = {};
    for (const r of responses.filter((r) => partOf(r.url) !== 'external')) {
      byPart[partOf(r.url)] ??= { requests: 0, bytes: 0, jsBytes: 0 };
      byPart[partOf(r.url)].requests += 1;
      byPart[partOf(r.url)].bytes += r.bytes;
      if (r.type === 'script') byPart[partOf(r.url)].jsBytes += r.bytes;
    }
    runs.push({ contentVisibleMs, ...timing, byPart });
    await context.close();
  }
} finally {
  await browser.close();
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`Home page, cold cache, ${RUNS} runs (median), compressed bytes on the wire incl. headers`);
console.log(`  DOMContentLoaded      ${Math.round(median(runs.map((r) => r.domContentLoaded)))} ms`);
console.log(`  load event            ${Math.round(median(runs.map((r) => r.load)))} ms`);
console.log(`  main content visible  ${median(runs.map((r) => r.contentVisibleMs))} ms`);
let totalRequests = 0;
let totalBytes = 0;
let totalJs = 0;
for (const part of Object.keys(runs[0].byPart).sort()) {
  const requests = median(runs.map((r) => r.byPart[part]?.requests ?? 0));
  const bytes = median(runs.map((r) => r.byPart[part]?.bytes ?? 0));
  const js = median(runs.map((r) => r.byPart[part]?.jsBytes ?? 0));
  totalRequests += requests;
  totalBytes += bytes;
  totalJs += js;
  console.log(`  ${part.padEnd(12)} ${String(requests).padStart(3)} requests  ${kb(bytes).padStart(10)}  (JS ${kb(js)})`);
}
console.log(
  `  ${'total'.padEnd(12)} ${String(totalRequests).padStart(3)} requests  ${kb(totalBytes).padStart(10)}  (JS ${kb(totalJs)})`,
);
