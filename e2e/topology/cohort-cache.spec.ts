// One cohort per request through nginx (decision 0046): nginx keys its copy of a page by
// `$cookie_portal_cohort`, which reads a cookie's name in any case and splits pairs at `,` too.
// A Cookie header that nginx and the page services could read as two cohorts must not put one
// cohort's page in the other's copy: the page services answer it privately, with a fresh draw.
import { expect, test } from '../fixtures';
import { canaryId, catalogueReleases, release } from '../support/cohorts';
import { ciEnv, publishOnce, steersReleases } from '../support/release-service';

test.describe.configure({ mode: 'serial' });

/** The catalogue team's CI: the release service's URL and its token (decision 0062). */
const env = ciEnv('mf_catalog');

steersReleases({
  prepare: async () => {
    await publishOnce('mf_catalog', 'c1');
    await publishOnce('mf_catalog', 'c2');
  },
});

const site = process.env.E2E_BASE_URL ?? '';
const pageServices = JSON.parse(process.env.E2E_PAGE_SERVICES ?? '[]') as string[];

async function page(path: string, cookie: string, base = site) {
  const response = await fetch(`${base}${path}`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'br', Cookie: cookie } });
  const releases = catalogueReleases(await response.text()).join('+');
  return {
    releases,
    cacheControl: response.headers.get('cache-control') ?? '',
    status: response.headers.get('x-cache-status') ?? '',
  };
}

test('crafted Cookie headers never hand one cohort’s page to the other cohort’s next visitors', async () => {
  test.setTimeout(60_000);
  release(env, 'point', 'mf_catalog', 'c1', '--why', 'topology test');
  release(env, 'canary', 'mf_catalog', 'c2', '50', '--why', 'topology test');
  const id = canaryId(env);
  const stable = `portal_cohort=${id}.s`;
  const canary = `portal_cohort=${id}.c`;
  // Every page service has the canary (each polls the release service on its own second): asked
  // directly, so nginx's choice of instance cannot make a later request find one still without it.
  await expect
    .poll(
      async () => Promise.all([site, ...pageServices].map(async (base) => (await page('/all-games', canary, base)).releases)),
      {
        timeout: 5_000,
        intervals: [100],
      },
    )
    .toEqual([site, ...pageServices].map(() => 'c2'));

  // The review's requests (nginx reads the first pair, the `cookie` package the last), and
  // their mirrors, each on a page no one asked for yet: whatever they get is the first copy.
  const crafted = (first: string, second: string) => [
    `PORTAL_COHORT=${id}.${first}; portal_cohort=${id}.${second}`,
    `probe=1, portal_cohort=${id}.${first}; portal_cohort=${id}.${second}`,
  ];
  const cases = [...crafted('s', 'c'), ...crafted('c', 's')];
  const seen: string[] = [];
  for (const [i, cookie] of cases.entries()) {
    const path = `/all-games?cohort-probe=${Date.now()}-${i}`;
    const attack = await page(path, cookie);
    // Each cohort's next visitors, four each: their own release only.
    for (let visitor = 0; visitor < 4; visitor += 1) {
      const [s, c] = await Promise.all([page(path, stable), page(path, canary)]);
      seen.push(`${cookie} → stable ${s.releases} (${s.status}), canary ${c.releases} (${c.status})`);
      expect(s.releases, seen.join('\n')).toBe('c1');
      expect(c.releases, seen.join('\n')).toBe('c2');
    }
    // Neither cohort's page: the page services' answer to it is that request's alone.
    expect(attack.cacheControl, `${cookie}: ${attack.status}`).toBe('private, no-store');
  }
  release(env, 'abort', 'mf_catalog', '--why', 'topology test');
});
