import { expect, test } from '../fixtures';
import { openGameFromSearch } from '../support/catalogue';

/** Container instances the federation runtime holds, by name (the shell's included). */
async function containers(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __FEDERATION__: { __INSTANCES__: { name: string }[] } }).__FEDERATION__.__INSTANCES__
      .map((i) => i.name)
      .sort(),
  );
}

test("after the catalogue's Retry, every remote stays one container and healthy ones are never fetched again", async ({
  page,
  context,
  ports,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/(mf-manifest\.json|remoteEntry\.js)$/.test(request.url()))
      fetched.push(new URL(request.url()).port + new URL(request.url()).pathname);
  });
  const catalogue = `http://localhost:${ports.mf_catalog}/**`;
  await context.route(catalogue, (route) => route.abort('connectionrefused'));
  await page.goto('/all-games');
  await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await context.unroute(catalogue);
  // What was fetched before the Retry: the refused attempt (and the HTML's preload hints).
  const beforeRetry = fetched.length;
  await page.locator('main').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toContainText('All Games');

  // Page changes after the Retry: each remote's page, the header slot throughout.
  await openGameFromSearch(page, 'Hobo Speedster');
  await expect(page.locator('main iframe')).toHaveAttribute('title', 'Hobo Speedster');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Games' }).click();
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toContainText('All Games');
  await page.getByRole('link', { name: /home$/i }).first().click();
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0);

  const count = (port: number, file: string) => fetched.filter((f) => f === `${port}/${file}`).length;
  for (const remote of ['mf_player', 'mf_account'] as const) {
    expect(count(ports[remote], 'mf-manifest.json'), `${remote} manifest fetches`).toBe(1);
    expect(count(ports[remote], 'remoteEntry.js'), `${remote} entry fetches`).toBe(1);
  }
  // The catalogue's entry: the failed attempt was refused, the Retry fetched it once.
  const afterRetry = fetched.slice(beforeRetry).filter((f) => f === `${ports.mf_catalog}/remoteEntry.js`).length;
  expect(afterRetry, 'mf_catalog entry fetches after the Retry').toBe(1);
  const names = await containers(page);
  for (const remote of ['mf_catalog', 'mf_player', 'mf_account'])
    expect(
      names.filter((n) => n === remote),
      remote,
    ).toHaveLength(1);
});
