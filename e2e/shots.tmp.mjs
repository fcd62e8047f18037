import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium.mjs';
const site = process.argv[2];
const out = process.argv[3];
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
for (const [w, h] of [[390, 844], [1440, 900]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const origins = new Set();
  page.on('request', (r) => origins.add(new URL(r.url()).origin));
  for (const p of ['/', '/game/5', '/search?q=bmx', '/privacy', '/categories/Nope']) {
    const res = await page.goto(site + p, { waitUntil: 'networkidle' }).catch((e) => ({ status: () => String(e) }));
    await page.waitForTimeout(1500);
    const name = p.replace(/[^a-z0-9]+/gi, '_') || 'home';
    await page.screenshot({ path: `${out}/${w}-${name}.png` });
    console.log(w, p, res?.status?.());
  }
  console.log('origins', [...origins].join(' '));
  await context.close();
}
await browser.close();
