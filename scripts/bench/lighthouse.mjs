// Lighthouse mobile (its default simulated throttling) against a served page, with Debian's
// Chromium. Hosts this machine cannot reach (game thumbnails, reCAPTCHA) are mapped to a closed
// local port so they fail at once instead of waiting for DNS.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../e2e/chromium.mjs';

const UNREACHABLE_HOSTS = ['img.gamemonetize.com', 'html5.gamemonetize.com', 'www.google.com', 'www.gstatic.com'];

async function auditOnce(port, url) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The home slider never stops moving: do not wait the default 45 s for a quiet page.
    maxWaitForLoad: 25_000,
  });
  const { categories, audits, runtimeError } = result.lhr;
  const lcp = audits['largest-contentful-paint'];
  return {
    perf: categories.performance.score,
    accessibility: categories.accessibility.score,
    lcpMs: lcp?.numericValue ?? null,
    cls: audits['cumulative-layout-shift']?.numericValue ?? null,
    error: runtimeError?.code ?? lcp?.errorMessage,
  };
}

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
    /**
     * One audit; a run Lighthouse could not score (perf null, e.g. no LCP seen) is tried once more.
     * @returns {Promise<{perf: number | null, accessibility: number | null, lcpMs: number | null, cls: number | null, error?: string}>}
     */
    async audit(url) {
      let scored = await auditOnce(chrome.port, url);
      if (scored.perf === null) scored = await auditOnce(chrome.port, url);
      return scored;
    },
    close: () => chrome.kill(),
  };
}
