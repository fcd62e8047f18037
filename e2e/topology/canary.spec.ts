// A canary through nginx (decision 0046): `npm run release -- canary` reaches the next page load
// within 5 s with no reload of nginx; fresh visitors are drawn at its share and stay in their
// cohort; nginx answers no new visitor from a cached copy of everyone's page while the canary
// draws, keeps one cached copy per cohort, and never hands the canary's page to the stable
// cohort or to visitors after the canary ends. Promote makes it everyone's the same way, and
// rollback and roll-forward after it move everyone within 5 s too. The catalogue team steers it
// all from its CI with only the release service's URL and its token (decision 0062).
import { expect, test } from '../fixtures';
import {
  canaryId,
  catalogueReleases,
  closeAll,
  CONFIG_RELEASE,
  freshVisitors,
  release,
  releaseSeen,
  type Visitor,
} from '../support/cohorts';
import { ciEnv, publishOnce, steersReleases } from '../support/release-service';

test.describe.configure({ mode: 'serial' });

let visitors: Visitor[] = [];
const env = ciEnv('mf_catalog');

steersReleases({
  prepare: async () => {
    await publishOnce('mf_catalog', 'c1');
    await publishOnce('mf_catalog', 'c2');
  },
});
test.afterAll(() => closeAll(visitors));

const site = process.env.E2E_BASE_URL ?? '';

/** One request with exactly this cohort cookie or none (no cookie jar: every call is a new visitor). */
async function page(path: string, cohort?: string, encoding?: string) {
  const response = await fetch(`${site}${path}`, {
    headers: {
      Accept: 'text/html',
      ...(cohort ? { Cookie: `portal_cohort=${cohort}` } : {}),
      ...(encoding ? { 'Accept-Encoding': encoding } : {}),
    },
  });
  const text = await response.text();
  const header = (name: string) => response.headers.get(name) ?? '';
  return { text, header };
}

test('a 20 % canary: within 5 s, 150–250 of 1,000 fresh visitors; each sticky; nothing leaks to the stable cohort', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // Everyone's page is in nginx's cache before the canary.
  await expect.poll(async () => (await page('/all-games')).header('x-cache-status'), { timeout: 5_000 }).toBe('HIT');

  release(env, 'canary', 'mf_catalog', 'c2', '20', '--why', 'topology test');
  const started = Date.now();
  // A new visitor is drawn (a private answer that sets the cookie), no longer served a
  // stored copy of everyone's page: within 5 s every one is, whatever encoding they take (nginx
  // keeps a copy per encoding): a fresh browser context and plain requests all drawn. Once a key
  // was answered by a page service, not from a stale copy, nginx has no copy left to serve for it.
  const drawnNow = async () => {
    const [visitor] = await freshVisitors(browser, `${site}/all-games`, 1);
    const cookies = visitor ? await visitor.context.cookies(site) : [];
    await closeAll(visitor ? [visitor] : []);
    const plain = await Promise.all([undefined, 'identity'].map((encoding) => page('/all-games', undefined, encoding)));
    return cookies.some((cookie) => cookie.name === 'portal_cohort') && plain.every((answer) => answer.header('set-cookie'));
  };
  await expect.poll(drawnNow, { timeout: 5_000, intervals: [100] }).toBe(true);
  test
    .info()
    .annotations.push({ type: 'canary reached every new visitor through nginx in', description: `${Date.now() - started} ms` });

  visitors = await freshVisitors(browser, `${site}/all-games`, 100);
  const inCanary = visitors.filter((v) => v.release === 'c2').length;
  test.info().annotations.push({ type: 'browsers in the canary', description: `${inCanary} of 100` });
  // Both cohorts among the browsers (chance alone misses this about once in 10^9 runs).
  expect(inCanary, `${inCanary} of 100 browsers in the canary`).toBeGreaterThan(0);
  expect(inCanary).toBeLessThan(100);
  // The share itself, on enough draws that chance alone leaves the band about once in 12,000
  // runs (1,000 new visitors at 20 %: σ ≈ 12.6, the band is ±50, about 4σ; 100 draws and 10–30
  // missed about once in 70). Plain requests, each a new visitor: the cookie names its cohort.
  let drawnToCanary = 0;
  for (let batch = 0; batch < 50; batch += 1) {
    const answers = await Promise.all(Array.from({ length: 20 }, () => page('/all-games')));
    drawnToCanary += answers.filter((answer) => /^portal_cohort=[0-9a-f]{12}\.c;/.test(answer.header('set-cookie'))).length;
  }
  test.info().annotations.push({ type: 'new visitors in the canary', description: `${drawnToCanary} of 1,000` });
  expect(drawnToCanary, `${drawnToCanary} of 1,000 in the canary`).toBeGreaterThanOrEqual(150);
  expect(drawnToCanary).toBeLessThanOrEqual(250);
  expect(visitors.filter((v) => v.release !== 'c2' && v.release !== CONFIG_RELEASE)).toEqual([]);
  for (const visitor of visitors.slice(0, 40))
    for (const path of ['/all-games', '/all-games', '/'])
      expect(await releaseSeen(visitor.context, `${site}${path}`)).toBe(visitor.release);

  // Undrawn visitors are never answered from a stored copy while the canary runs: nginx asks a page service.
  for (let i = 0; i < 5; i += 1) {
    const undrawn = await page('/all-games');
    expect(undrawn.header('x-cache-status')).not.toMatch(/HIT|STALE|UPDATING|REVALIDATED/);
    expect(undrawn.header('cache-control')).toBe('private, no-store');
    expect(undrawn.header('set-cookie')).toMatch(
      /^portal_cohort=[0-9a-f]{12}\.[cs]; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
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

test('abort: within 5 s everyone is on the live release again, the cookie is cleared and the cached page comes back', async () => {
  const id = canaryId(env);
  release(env, 'abort', 'mf_catalog', '--why', 'topology test');
  const aborted = Date.now();
  const seen: string[] = [];
  const poll = expect
    .poll(
      async () => {
        const answer = await page('/all-games', `${id}.c`);
        const canary = answer.text.includes('/mf-catalog/c2/');
        seen.push(`${Date.now() - aborted} ms ${answer.header('x-cache-status')}${canary ? ' canary' : ''}`);
        return canary;
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toBe(false);
  await poll.catch((error: unknown) => {
    throw new Error(`${(error as Error).message}\nthe canary cohort's answers after abort: ${seen.join(', ')}`);
  });
  const cleared = await page('/all-games', `${id}.c`);
  expect(cleared.header('set-cookie')).toMatch(/^portal_cohort=; Max-Age=0/);
  await expect
    .poll(async () => (await page('/all-games')).header('x-cache-status'), { timeout: 5_000, intervals: [100] })
    .toBe('HIT');
  expect((await page('/all-games')).text).not.toContain('/mf-catalog/c2/');
});

/** The catalogue release each of these answers names, in order ('-' for none or a mix). */
const releasesOf = (answers: { text: string }[]): string =>
  answers.map(({ text }) => catalogueReleases(text).join('+') || '-').join(' ');

test('promote: within 5 s both cohorts and new visitors get the canary, the cookie is cleared, the cached page comes back; rollback and roll-forward follow', async () => {
  test.setTimeout(60_000);
  const within = async (expected: string, ...paths: [string, string?][]) => {
    const started = Date.now();
    const seen: string[] = [];
    const look = async () => {
      const answers = await Promise.all(paths.map(([path, cohort]) => page(path, cohort)));
      const names = releasesOf(answers);
      seen.push(`${Date.now() - started} ms ${names} (${answers.map((a) => a.header('x-cache-status') || '-').join(' ')})`);
      return names;
    };
    await expect
      .poll(look, { timeout: 5_000, intervals: [100] })
      .toBe(expected)
      .catch((error: unknown) => {
        throw new Error(`${(error as Error).message}\nanswers: ${seen.join(', ')}`);
      });
    return Date.now() - started;
  };
  release(env, 'point', 'mf_catalog', 'c1', '--why', 'topology test');
  await within('c1', ['/all-games']);
  release(env, 'canary', 'mf_catalog', 'c2', '20', '--why', 'topology test');
  const id = canaryId(env);
  await within('c1 c2', ['/all-games', `${id}.s`], ['/all-games', `${id}.c`]);

  release(env, 'promote', 'mf_catalog', '--by', 'topology', '--why', 'topology test');
  const tookMs = await within('c2 c2 c2 c2', ['/all-games', `${id}.s`], ['/all-games', `${id}.c`], ['/all-games'], ['/']);
  test.info().annotations.push({ type: 'promote reached every visitor through nginx in', description: `${tookMs} ms` });
  expect((await page('/all-games', `${id}.s`)).header('set-cookie')).toMatch(/^portal_cohort=; Max-Age=0/);
  expect((await page('/all-games')).header('set-cookie')).toBe('');
  await expect
    .poll(async () => (await page('/all-games')).header('x-cache-status'), { timeout: 5_000, intervals: [100] })
    .toBe('HIT');
  expect(releasesOf(await Promise.all([page('/all-games'), page('/config.json')]))).toBe('c2 c2');

  release(env, 'rollback', 'mf_catalog', '--why', 'topology test');
  await within('c1 c1', ['/all-games'], ['/']);
  release(env, 'roll-forward', 'mf_catalog', '--why', 'topology test');
  await within('c2 c2', ['/all-games'], ['/']);

  const report = JSON.parse(release(env, 'status', 'mf_catalog', '--json')) as {
    remotes: { live: { version: string }; canary: unknown; changes: { action: string; before?: string; after?: string }[] }[];
  };
  const [catalogue] = report.remotes;
  expect(catalogue?.live.version).toBe('c2');
  expect(catalogue?.canary).toBeNull();
  expect(catalogue?.changes.slice(0, 5).map(({ action, before, after }) => `${action} ${before ?? '-'}→${after ?? '-'}`)).toEqual(
    ['roll-forward c1→c2', 'rollback c2→c1', 'promote c1→c2', 'canary c1→c1', 'point -→c1'],
  );
});
