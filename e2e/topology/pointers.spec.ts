// Release pointers in production (decisions 0046, 0062): two teams pointing at the same moment,
// each with its own `npm run release -- point` holding only the release service's URL and its
// own token, are both kept, and both reach the pages nginx serves within 5 s, with no reload of
// nginx, no hand-edited file and no folder shared with the page services.
import { expect, test } from '../fixtures';
import { manifestOf, publishOnce, steersReleases, teamRelease, teamReleaseProcess } from '../support/release-service';

const site = process.env.E2E_BASE_URL ?? '';

steersReleases({
  prepare: async () => {
    await publishOnce('mf_catalog', 'k1');
    await publishOnce('mf_player', 'p1');
  },
});

test('two teams point at the same moment: both changes are kept and reach nginx’s pages within 5 s', async ({ page }) => {
  const [catalogue, player] = await Promise.all([
    teamReleaseProcess('mf_catalog', 'point', 'mf_catalog', 'k1', '--why', 'catalogue team'),
    teamReleaseProcess('mf_player', 'point', 'mf_player', 'p1', '--why', 'player team'),
  ]);
  const started = Date.now();
  expect(catalogue.code, catalogue.output).toBe(0);
  expect(player.code, player.output).toBe(0);

  const report = JSON.parse(teamRelease('mf_catalog', 'status', '--json')) as {
    remotes: { remote: string; live: { version: string } | null; changes: { action: string; why?: string }[] }[];
  };
  const live = Object.fromEntries(report.remotes.map((r) => [r.remote, r.live?.version ?? null]));
  expect(live).toMatchObject({ mf_catalog: 'k1', mf_player: 'p1' });
  // Each remote's newest history line is its team's change.
  const newest = Object.fromEntries(report.remotes.map((r) => [r.remote, `${r.changes[0]?.action} ${r.changes[0]?.why}`]));
  expect(newest).toMatchObject({ mf_catalog: 'point catalogue team', mf_player: 'point player team' });
  // Each change vouched for by its own team's token.
  const by = Object.fromEntries(report.remotes.map((r) => [r.remote, (r.changes[0] as { by?: string } | undefined)?.by]));
  expect(by).toMatchObject({
    mf_catalog: expect.stringMatching(/^mf_catalog CI \(token /),
    mf_player: expect.stringMatching(/^mf_player CI \(token /),
  });

  // Through nginx: the config and the pages name both releases (pages from nginx's cache again).
  const expected = [manifestOf('mf_catalog', 'k1'), manifestOf('mf_player', 'p1')];
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
  // From the release service, which serves what each team published.
  expect(loaded.some((url) => url.startsWith(manifestOf('mf_player', 'p1').replace('mf-manifest.json', '')))).toBe(true);
  expect(loaded.some((url) => url.startsWith(manifestOf('mf_catalog', 'k1').replace('mf-manifest.json', '')))).toBe(true);
});
