// Lighthouse mobile (its default simulated throttling) against a served page, with Debian's
// Chromium. Hosts this machine cannot reach (game thumbnails, reCAPTCHA) are mapped to a closed
// local port so they fail at once instead of waiting for DNS.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../e2e/chromium.mjs';

const UNREACHABLE_HOSTS = ['img.gamemonetize.com', 'html5.gamemonetize.com', 'www.google.com', 'www.gstatic.com'];

/** Opens one Chromium for several Lighthouse runs; call close() when done. */
export async function openLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_EXECUTABLE,
    chromeFlags: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=${UNREACHABLE_HOSTS.map((host) => `MAP ${host} 127.0.0.1:9`).join(', ')}`,
    ],
  });
  return {
    /** @returns {Promise<{perf: number, accessibility: number, lcpMs: number, cls: number}>} */
    async audit(url) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // The home slider never stops moving: do not wait the default 45 s for a quiet page.
        maxWaitForLoad: 25_000,
      });
      const { categories, audits } = result.lhr;
      return {
        perf: categories.performance.score,
        accessibility: categories.accessibility.score,
        lcpMs: audits['largest-contentful-paint'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      };
    },
    close: () => chrome.kill(),
  };
}
