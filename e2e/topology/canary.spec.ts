// A canary through nginx (decision 0046): `npm run release -- canary` reaches the next page load
// within 5 s with no reload of nginx; fresh visitors are drawn at its share and stay in their
// cohort; nginx answers no visitor from a stable page file or cached copy while the canary
// draws, keeps one cached copy per cohort, and never hands the canary's page to the stable
// cohort or to visitors after the canary ends.
import { expect, test } from '../fixtures';
import { canaryId, closeAll, CONFIG_RELEASE, freshVisitors, release, releaseSeen, type Visitor } from '../support/cohorts';
import { serveFolder } from '../support/servers';

const releasesDir = process.env.E2E_RELEASES_DIR ?? '';
const releasesPort = Number(process.env.E2E_RELEASES_PORT ?? 0);
const env = { RELEASES_DIR: releasesDir, RELEASES_URL: `http://localhost:${releasesPort}` };

test.describe.configure({ mode: 'serial' });

let host: { stop: () => void } | null = null;
let visitors: Visitor[] = [];

test.beforeAll(async () => {
  test.skip(!releasesDir, 'run through npm run test:nginx (it gives the page services a releases folder)');
  release(env, 'publish', 'mf_catalog', 'c2');
  host = await serveFolder(releasesDir, releasesPort);
});
test.afterAll(async () => {
  await closeAll(visitors);
  // The next specs see the site without a canary, as it was.
  if (releasesDir && canaryId(env)) release(env, 'abort', 'mf_catalog');
  host?.stop();
});

const site = process.env.E2E_BASE_URL ?? '';

/** One request with exactly this cohort cookie or none (no cookie jar: every call is a new visitor). */
async function page(path: string, cohort?: string) {
  const response = await fetch(`${site}${path}`, {
    headers: { Accept: 'text/html', ...(cohort ? { Cookie: `portal_cohort=${cohort}` } : {}) },
  });
  const text = await response.text();
  const header = (name: string) => response.headers.get(name) ?? '';
  return { text, header };
}

test('a 20 % canary: within 5 s, 10–30 of 100 fresh visitors; each sticky; nothing leaks to the stable cohort', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // Everyone's page is a file before the canary.
  await expect.poll(async () => (await page('/all-games')).header('x-cache-status'), { timeout: 5_000 }).toBe('FILE');

  release(env, 'canary', 'mf_catalog', 'c2', '20', '--why', 'topology test');
  const started = Date.now();
  // A visitor without the cookie is drawn (a private answer that sets it), no longer a file or a
  // stored copy: within 5 s every such answer is (three in a row: no copy left to serve).
  let drawnInARow = 0;
  await expect
    .poll(
      async () => {
        const answer = await page('/all-games');
        const drawn = /^portal_cohort=[0-9a-f]{12}\.[cs]; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/.test(
          answer.header('set-cookie'),
        );
        drawnInARow = drawn ? drawnInARow + 1 : 0;
        return drawnInARow;
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(3);
  test
    .info()
    .annotations.push({ type: 'canary reached every new visitor through nginx in', description: `${Date.now() - started} ms` });

  visitors = await freshVisitors(browser, `${site}/all-games`, 100);
  const inCanary = visitors.filter((v) => v.release === 'c2').length;
  test.info().annotations.push({ type: 'in the canary', description: `${inCanary} of 100` });
  expect(inCanary, `${inCanary} of 100 in the canary`).toBeGreaterThanOrEqual(10);
  expect(inCanary).toBeLessThanOrEqual(30);
  expect(visitors.filter((v) => v.release !== 'c2' && v.release !== CONFIG_RELEASE)).toEqual([]);
  for (const visitor of visitors.slice(0, 40))
    for (const path of ['/all-games', '/all-games', '/'])
      expect(await releaseSeen(visitor.context, `${site}${path}`)).toBe(visitor.release);

  // Undrawn visitors are never answered from a file or a stored copy while the canary runs.
  for (let i = 0; i < 5; i += 1) {
    const undrawn = await page('/all-games');
    expect(undrawn.header('x-cache-status')).not.toMatch(/FILE|HIT|STALE/);
    expect(undrawn.header('cache-control')).toBe('private, no-store');
  }
  // Each cohort has its own cached copy: the stable cohort's never names the canary.
  const id = canaryId(env);
  const statuses = new Set<string>();
  for (let i = 0; i < 6; i += 1) {
    const stable = await page('/all-games', `${id}.s`);
    statuses.add(stable.header('x-cache-status'));
    expect(stable.header('vary')).toBe('Accept-Encoding, Cookie');
    expect(stable.text).not.toContain('/mf-catalog/c2/');
    expect((await page('/all-games', `${id}.c`)).text).toContain('/mf-catalog/c2/');
  }
  expect([...statuses]).toContain('HIT');
});

test('abort: within 5 s everyone is on the live release again, the cookie is cleared and the files come back', async () => {
  const id = canaryId(env);
  release(env, 'abort', 'mf_catalog', '--why', 'topology test');
  await expect
    .poll(async () => (await page('/all-games', `${id}.c`)).text.includes('/mf-catalog/c2/'), { timeout: 5_000 })
    .toBe(false);
  const cleared = await page('/all-games', `${id}.c`);
  expect(cleared.header('set-cookie')).toMatch(/^portal_cohort=; Max-Age=0/);
  await expect.poll(async () => (await page('/all-games')).header('x-cache-status'), { timeout: 5_000 }).toBe('FILE');
  expect((await page('/all-games')).text).not.toContain('/mf-catalog/c2/');
});
