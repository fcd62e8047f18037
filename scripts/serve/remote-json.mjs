// JSON files the site's server reads from the remotes' deployments (their mf-manifest.json and
// fragments.json), each kept for a few seconds. A remote that is down or slow costs its page
// only what the file would have added (hints, pre-rendered content), never the page.

const TTL_MS = 10_000;
const TIMEOUT_MS = 400;
/** url → { at, value | null, pending? } */
const files = new Map();

async function fetchJson(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** The file's JSON if fresh; fetched again (at most one fetch per file at a time) otherwise; null if it cannot be had. */
export async function remoteJson(url) {
  const cached = files.get(url);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const pending = cached?.pending ?? fetchJson(url);
  files.set(url, { at: cached?.at ?? 0, value: cached?.value ?? null, pending });
  const value = await pending;
  files.set(url, { at: Date.now(), value });
  return value;
}
