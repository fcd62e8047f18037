// Screenshots the signed-in profile page: registers a player through the API, verifies it with
// the dev-outbox code, signs in, and opens /profile at phone and desktop widths.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../chromium.mjs';
const [site, api, outDir = '/tmp'] = process.argv.slice(2);
const email = `shot${Date.now()}@example.com`;
const form = (data) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(data),
});
await fetch(
  `${api}/register/`,
  form({ username: `shot${Date.now()}`, email, firstName: 'Ada', lastName: 'Lovelace', password: 'Tr0mbone-Kettle!' }),
);
const [mail] = await (await fetch(`${api}/__dev/outbox?to=${encodeURIComponent(email)}`)).json();
await fetch(`${api}/verify-email/`, form({ email, verification_code: mail.code }));
const tokens = await (
  await fetch(`${api}/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'Tr0mbone-Kettle!' }),
  })
).json();
const browser = await chromium.launch({
  executablePath: CHROMIUM_EXECUTABLE,
  args: [...CHROMIUM_ARGS],
});
for (const [w, h] of [
  [1440, 1100],
  [375, 1400],
]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(site);
  await page.evaluate((t) => {
    localStorage.setItem('token', t.access_token);
    localStorage.setItem('refresh_token', t.refresh_token);
  }, tokens);
  await page.goto(`${site}/profile`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${outDir}/profile-${w}.png` });
  if (w === 1440) {
    // The slot holds a phone-only button too: open the menu with the one this width shows.
    await page.locator('[data-slot="account"] button:visible').first().click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${outDir}/menu-${w}.png`, clip: { x: 900, y: 0, width: 540, height: 260 } });
  }
  await page.close();
}
await browser.close();
