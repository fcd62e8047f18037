// Release pointers in production (decision 0046): two teams pointing at the same moment, each
// with its own `npm run release -- point`, are both kept, and both reach the pages nginx serves
// within 5 s, with no reload of nginx and no hand-edited file.
import { expect, test } from '../fixtures';
import { publishOnce, release, releaseProcess } from '../support/cohorts';
import { releasesEnv as env, releasesOrigin as origin, servesReleases } from '../support/releases-host';

const site = process.env.E2E_BASE_URL ?? '';

servesReleases({
  prepare: () => {
    publishOnce(env, 'mf_catalog', 'k1');
    publishOnce(env, 'mf_player', 'p1');
  },
});

test('two teams point at the same moment: both changes are kept and reach nginx’s pages within 5 s', async ({ page }) => {
  const [catalogue, player] = await Promise.all([
    releaseProcess(env, 'point', 'mf_catalog', 'k1', '--why', 'catalogue team'),
    releaseProcess(env, 'point', 'mf_player', 'p1', '--why', 'player team'),
  ]);
  const started = Date.now();
  expect(catalogue.code, catalogue.output).toBe(0);
  expect(player.code, player.output).toBe(0);

  const report = JSON.parse(release(env, 'status', '--json')) as {
    remotes: { remote: string; live: { version: string } | null; changes: { action: string; why?: string }[] }[];
  };
  const live = Object.fromEntries(report.remotes.map((r) => [r.remote, r.live?.version ?? null]));
  expect(live).toMatchObject({ mf_catalog: 'k1', mf_player: 'p1' });
  // Each remote's newest history line is its team's change.
  const newest = Object.fromEntries(report.remotes.map((r) => [r.remote, `${r.changes[0]?.action} ${r.changes[0]?.why}`]));
  expect(newest).toMatchObject({ mf_catalog: 'point catalogue team', mf_player: 'point player team' });

  // Through nginx: the config and the pages name both releases (pages from nginx's cache again).
  const expected = [`${origin}/mf-catalog/k1/mf-manifest.json`, `${origin}/mf-player/p1/mf-manifest.json`];
  await expect
    .poll(
      async () => {
        const config = (await (await fetch(`${site}/config.json`)).json()) as { remotes: Record<string, string> };
        return [config.remotes.mf_catalog, config.remotes.mf_player];
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toEqual(expected);
  test.info().annotations.push({ type: 'both pointers reached nginx in', description: `${Date.now() - started} ms` });
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${site}/game/5`, { headers: { Accept: 'text/html' } });
        const html = await answer.text();
        return `${answer.headers.get('x-cache-status')} ${html.includes('/mf-catalog/k1/')} ${html.includes('/mf-player/p1/')}`;
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toBe('HIT true true');

  // A player's browser loads both remotes from their releases and plays.
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.goto('/game/5');
  await expect(page.locator('main iframe[title="Hobo Speedster"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Games' }).click();
  await expect(page.locator('main').getByRole('heading', { level: 1, name: 'All Games' })).toBeVisible();
  expect(loaded.some((url) => url.startsWith(`${origin}/mf-player/p1/`))).toBe(true);
  expect(loaded.some((url) => url.startsWith(`${origin}/mf-catalog/k1/`))).toBe(true);
});
