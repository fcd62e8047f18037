// The releases folder a topology run gives its page services (scripts/topology/run.mjs), served
// for one spec at a time as the remotes' static host would serve it in production.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { serveFolder, type RunningServer } from './servers';

const releasesDir = process.env.E2E_RELEASES_DIR ?? '';
const releasesPort = Number(process.env.E2E_RELEASES_PORT ?? 0);
const site = process.env.E2E_BASE_URL ?? '';

export const releasesOrigin = `http://localhost:${releasesPort}`;
/** What `npm run release` needs to steer the topology's page services. */
export const releasesEnv = { RELEASES_DIR: releasesDir, RELEASES_URL: releasesOrigin };

/** Whether the site still loads anything from the releases host: its config, or a page. */
async function siteNamesHost(): Promise<boolean> {
  const answers = await Promise.all(
    ['/config.json', '/all-games'].map(async (where) =>
      (await fetch(`${site}${where}`, { headers: { Accept: 'text/html' } })).text(),
    ),
  );
  return answers.some((text) => text.includes(releasesOrigin));
}

/**
 * For a spec that publishes and steers releases through nginx (skipped unless run by `npm run
 * test:nginx`): before its tests, `prepare()` (its publishes) and the folder served; after them,
 * `restore()` (what else the spec changed), every pointer forgotten (current.json removed, its
 * history kept: the page services draw from their config file again, and no canary runs), and
 * once the site no longer names the host, the host stopped. The next spec sees the site as it was.
 */
export function servesReleases({
  prepare = () => undefined,
  restore = () => undefined,
}: {
  prepare?: () => void;
  restore?: () => void;
}): void {
  let host: RunningServer | null = null;
  test.beforeAll(async () => {
    test.skip(!releasesDir, 'run through npm run test:nginx (it gives the page services a releases folder)');
    prepare();
    host = await serveFolder(releasesDir, releasesPort);
  });
  test.afterAll(async () => {
    try {
      restore();
      if (releasesDir) {
        rmSync(path.join(releasesDir, 'current.json'), { force: true });
        await expect.poll(siteNamesHost, { timeout: 10_000, intervals: [100] }).toBe(false);
      }
    } finally {
      // Stopped whatever happened: a host left running holds the port the next spec serves on.
      await host?.stop();
    }
  });
}
