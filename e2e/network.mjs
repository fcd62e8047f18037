// What the budget test and the bench both need of a page's network: a phone-like line, and a
// record of each finished request (type, body bytes on the wire, start and end).

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
      request.sizes().then(
        (sizes) => {
          const timing = request.timing();
          requests.push({
            url: request.url(),
            type: request.resourceType(),
            bodyBytes: sizes.responseBodySize,
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
