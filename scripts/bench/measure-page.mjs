// One cold page load in Chromium, measured from outside: JS bytes and script requests on the
// wire, the critical request chain to the first game card (or the game frame) and when the
// header, footer, placeholder cards and first card appear. Used by scripts/bench-home.mjs; the
// line emulation and the request record are shared with the budget test (e2e/network.mjs).
import { emulateNetwork, recordRequests, waitForQuietPage } from '../../e2e/network.mjs';
/* global document, window, MutationObserver -- installLandmarkClock and the page.evaluate callbacks run in the page */

/** What counts as "the page's content is there": a game card, or the game frame. */
export const FIRST_CONTENT_SELECTOR = 'a.catalog-game-card, iframe';
/** Placeholder cards painted before any JavaScript runs (pre-rendered HTML). */
export const PLACEHOLDER_SELECTOR = '.placeholder-card, .placeholder-frame';
/** After the load event, how long the page's downloads must be quiet, and how long to wait for that at most. */
const QUIET_MS = 500;
const SETTLE_LIMIT_MS = 15_000;

// Runs in the page before any of its scripts: records when each landmark first exists.
function installLandmarkClock(selectors) {
  const seen = {};
  const check = () => {
    for (const [name, selector] of Object.entries(selectors)) {
      if (seen[name] === undefined && document.querySelector(selector)) seen[name] = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', check);
  Object.defineProperty(window, '__landmarks', { value: seen });
}

const LANDMARKS = {
  header: '.site-header',
  footer: '.site-footer',
  // The page's shape: placeholder cards, or the content itself where the server's HTML has it.
  placeholder: `${PLACEHOLDER_SELECTOR}, ${FIRST_CONTENT_SELECTOR}`,
  content: FIRST_CONTENT_SELECTOR,
};

/**
 * Sequential round trips before `untilMs`: each request's depth is one more than the deepest
 * request that had finished when it started (the HTML is 1). Only requests to `isOwn` origins
 * that finished by `untilMs` count; a latency emulated on every request keeps parallel
 * requests apart from sequential ones.
 */
export function criticalChainLength(requests, untilMs) {
  const done = requests.filter((r) => r.end <= untilMs).sort((a, b) => a.start - b.start);
  const depth = [];
  for (const [i, request] of done.entries()) {
    let parent = 0;
    for (let j = 0; j < i; j += 1) if (done[j].end <= request.start) parent = Math.max(parent, depth[j]);
    depth.push(parent + 1);
  }
  return depth.length ? Math.max(...depth) : 0;
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ isOwn: (url: string) => boolean, latencyMs?: number, throughputKbps?: number,
 *   viewport?: {width: number, height: number}, timeoutMs?: number }} options
 */
export async function measurePageLoad(browser, url, { isOwn, latencyMs = 0, throughputKbps = 0, viewport, timeoutMs = 60_000 }) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1440, height: 900 } });
  try {
    // Thumbnails, reCAPTCHA and games live on hosts this machine cannot reach: answer them empty.
    await context.route(
      (target) => !isOwn(target.href),
      (route) => route.fulfill({ status: 204, body: '' }),
    );
    await context.addInitScript(installLandmarkClock, LANDMARKS);
    const page = await context.newPage();
    if (latencyMs || throughputKbps) await emulateNetwork(context, page, { latencyMs, throughputKbps });
    const finished = recordRequests(page, isOwn);
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page.locator(FIRST_CONTENT_SELECTOR).first().waitFor({ state: 'attached', timeout: timeoutMs });
    const marks = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      landmarks: window.__landmarks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    // Let whatever else the page starts on its own (the account slot, lazy chunks) arrive. Two
    // round trips more on a slow line, where one download can take longer than the quiet.
    await waitForQuietPage(page, { quietMs: QUIET_MS + 2 * latencyMs, limitMs: SETTLE_LIMIT_MS, loadTimeoutMs: timeoutMs });
    await page.waitForTimeout(300);
    // Read again: with content in the HTML, the first card can come before the parser has
    // reached the footer; the first reading keeps the time of the content.
    const landmarks = { ...(await page.evaluate(() => window.__landmarks)), content: marks.landmarks.content };
    const requests = await finished();
    const contentAt = marks.origin + marks.landmarks.content;
    const scripts = requests.filter((r) => r.type === 'script');
    return {
      jsBytes: scripts.reduce((sum, r) => sum + r.bodyBytes, 0),
      scriptRequests: scripts.length,
      chain: criticalChainLength(requests, contentAt),
      contentMs: marks.landmarks.content,
      fcpMs: marks.fcp,
      landmarks,
      requests,
    };
  } finally {
    await context.close();
  }
}
