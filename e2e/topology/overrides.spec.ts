// A preview override through nginx (decision 0047): the link's answer, then every page and
// /config.json of that visitor, come from the page services, never from nginx's cache, and never
// go into it: everyone else keeps getting the stable page (nginx's cached copy). The catalogue
// team publishes the preview build and gets its token from the release service, with only the
// service's URL and its own token (decision 0062): the service signs it.
import { readFileSync, writeFileSync } from 'node:fs';
import { signOverride } from '../../page-service/src/builds/override-token';
import { expect, test } from '../fixtures';
import {
  historyOf,
  manifestOf,
  publishOnce,
  serviceUrl as origin,
  steersReleases,
  teamRelease,
} from '../support/release-service';

const configFile = process.env.E2E_TOPOLOGY_CONFIG ?? '';
const site = process.env.E2E_BASE_URL ?? '';
const previewUrl = manifestOf('mf_catalog', 'o1');

test.describe.configure({ mode: 'serial' });

let original = '';

steersReleases({
  prepare: async () => {
    test.skip(!process.env.RELEASE_OVERRIDE_SECRET, 'run through npm run test:nginx (it sets the override secret)');
    await publishOnce('mf_catalog', 'o1');
    original = readFileSync(configFile, 'utf8');
    writeFileSync(configFile, JSON.stringify({ ...(JSON.parse(original) as object), overrideOrigins: [origin] }));
  },
  restore: () => {
    if (original) writeFileSync(configFile, original);
  },
});

const get = async (path: string, cookie?: string) => {
  const response = await fetch(`${site}${path}`, {
    redirect: 'manual',
    headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { status: response.status, text: await response.text(), header: (name: string) => response.headers.get(name) ?? '' };
};

test('the link sets the cookie; that visitor’s pages bypass the cache; everyone else’s stay cached', async () => {
  const issued = JSON.parse(teamRelease('mf_catalog', 'override-token', 'mf_catalog', previewUrl, '--ttl', '10m', '--json')) as {
    token: string;
    id: string;
  };
  const token = issued.token;
  // Recorded by the service (who, the URL, the token's id), never the token itself.
  const line = (await historyOf('mf_catalog')).at(-1);
  expect(line).toMatchObject({ action: 'override-token', id: issued.id, url: previewUrl });
  expect(JSON.stringify(line)).not.toContain(token);
  // Everyone's page is in nginx's cache.
  await expect.poll(async () => (await get('/all-games')).header('x-cache-status'), { timeout: 10_000 }).toBe('HIT');

  const link = await get(`/all-games?portal-override=${token}`);
  expect(link.status).toBe(303);
  expect(link.header('location')).toBe('/all-games');
  expect(link.header('cache-control')).toBe('no-store');
  const cookie = /^(portal_override=[^;]+);/.exec(link.header('set-cookie'))?.[1] ?? '';
  expect(cookie).toBe(`portal_override=${token}`);

  // The config file's edit (overrideOrigins) reaches the page services within a second.
  await expect
    .poll(async () => (await get('/all-games', cookie)).text.includes('Preview override active:'), { timeout: 10_000 })
    .toBe(true);
  for (let i = 0; i < 3; i += 1) {
    const preview = await get('/all-games', cookie);
    expect(preview.text).toContain(previewUrl);
    expect(preview.text).toContain('Preview override active:');
    expect(preview.header('cache-control')).toBe('private, no-store');
    expect(preview.header('x-cache-status')).toBe('BYPASS');
  }
  const config = await fetch(`${site}/config.json`, { headers: { Cookie: cookie } });
  expect(((await config.json()) as { remotes: Record<string, string> }).remotes.mf_catalog).toBe(previewUrl);
  expect(config.headers.get('x-cache-status')).toBe('BYPASS');

  // Nothing of it reached anyone else: the cached page, and a cached /config.json, are the stable ones.
  let everyone = await get('/all-games');
  await expect.poll(async () => (everyone = await get('/all-games')).header('x-cache-status'), { timeout: 5_000 }).toBe('HIT');
  expect(everyone.text).not.toContain('Preview override active:');
  expect(everyone.text).not.toContain('/mf-catalog/o1/');
  const stableConfig = (await (await fetch(`${site}/config.json`)).json()) as { remotes: Record<string, string> };
  expect(stableConfig.remotes.mf_catalog).not.toBe(previewUrl);

  // A forged cookie: the stable page, the cookie deleted, still never from the cache.
  const forged = await get('/all-games', `portal_override=${token.slice(0, -2)}xx`);
  expect(forged.text).not.toContain('Preview override active:');
  expect(forged.header('set-cookie')).toMatch(/^portal_override=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  expect(forged.header('x-cache-status')).toBe('BYPASS');
});

test('a forged or an expired link does nothing through nginx: no cookie kept, no banner, everyone’s cached page stays', async () => {
  const good = teamRelease('mf_catalog', 'override-token', 'mf_catalog', previewUrl, '--ttl', '10m').split('\n')[0]!;
  const [prefix, payload, signature] = good.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const longer = Buffer.from(JSON.stringify({ ...claims, exp: Date.now() + 30 * 86_400_000 })).toString('base64url');
  const forged = `${prefix}.${longer}.${signature}`;
  const expired = signOverride(
    { remote: 'mf_catalog', url: previewUrl, exp: Date.now() - 1_000 },
    process.env.RELEASE_OVERRIDE_SECRET ?? '',
  );
  for (const token of [forged, expired]) {
    const link = await get(`/all-games?portal-override=${encodeURIComponent(token)}`);
    expect(link.header('set-cookie'), token).not.toMatch(/portal_override=[^;]/);
    expect(link.text).not.toContain('Preview override active:');
    const next = await get(link.status === 303 ? link.header('location') : '/all-games');
    expect(next.text).not.toContain('Preview override active:');
    expect(next.text).not.toContain('/mf-catalog/o1/');
  }
  await expect.poll(async () => (await get('/all-games')).header('x-cache-status'), { timeout: 5_000 }).toBe('HIT');
  expect((await get('/all-games')).text).not.toContain('Preview override active:');
});
