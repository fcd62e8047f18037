// A page's network as the budget test, the bench and the screenshot tool see it: a phone-like
// line, a record of each finished request (type, body bytes on the wire, start and end), and a
// wait for the page to settle that never hangs on a request left open.
/* global window -- waitForQuietPage's check runs in the page */

/**
 * Latency on every request (and a throughput cap when given), through the DevTools protocol.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 * @param {{ latencyMs?: number, throughputKbps?: number }} line
 */
export async function emulateNetwork(context, page, { latencyMs = 0, throughputKbps = 0 }) {
  const cdp = await context.newCDPSession(page);
  const bytesPerSecond = throughputKbps ? (throughputKbps * 1000) / 8 : -1;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * Records every finished request the filter keeps.
 * @param {import('@playwright/test').Page} page
 * @param {(url: string) => boolean} [keep]
 */
export function recordRequests(page, keep = () => true) {
  const requests = [];
  const pending = [];
  page.on('requestfinished', (request) => {
    if (!keep(request.url())) return;
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(
        ([sizes, response]) => {
          const timing = request.timing();
          // Over HTTP/2 Chromium counts the response's header frames into the body's size (about
          // 400 bytes a file with the edge's headers); a file's Content-Length is its encoded body.
          const length = Number(response?.headers()['content-length']);
          requests.push({
            url: request.url(),
            type: request.resourceType(),
            bodyBytes: Number.isInteger(length) && length > 0 ? length : sizes.responseBodySize,
            start: timing.startTime,
            end: timing.startTime + timing.responseEnd,
          });
        },
        () => undefined,
      ),
    );
  });
  /** The requests so far, once their sizes are known. */
  return async () => {
    await Promise.all(pending);
    return requests;
  };
}

/**
 * Waits for the page's load event, then until none of its downloads has ended for `quietMs`
 * (its own Resource Timing, which the shell's idle check reads too), at most `limitMs` after the
 * load. Not Playwright's 'networkidle': that waits on every open request, and a play page's
 * keepalive "play started" never ends for Playwright. A download still in flight is not seen,
 * so on a slow line give `quietMs` a few round trips.
 * @param {import('@playwright/test').Page} page
 * @param {{ quietMs?: number, limitMs?: number, loadTimeoutMs?: number }} [options]
 */
export async function waitForQuietPage(page, { quietMs = 500, limitMs = 10_000, loadTimeoutMs = 60_000 } = {}) {
  await page.waitForLoadState('load', { timeout: loadTimeoutMs }).catch(() => undefined);
  await page
    .waitForFunction(
      (quiet) => {
        // An observer, kept on the page: the resource buffer stops taking entries at 250.
        if (!window.__downloadsEnd) {
          const clock = { end: Math.max(0, ...performance.getEntriesByType('resource').map((entry) => entry.responseEnd)) };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) clock.end = Math.max(clock.end, entry.responseEnd);
          }).observe({ type: 'resource', buffered: true });
          Object.defineProperty(window, '__downloadsEnd', { value: clock });
        }
        return performance.now() - window.__downloadsEnd.end >= quiet;
      },
      quietMs,
      { timeout: limitMs, polling: 100 },
    )
    .catch(() => undefined);
}
