// Every game's figures for the pre-renderer (the play page's JSON-LD rating; Home's rows are
// drawn only when there are figures), from the account API's public stats route. Kept 30 s,
// 400 ms timeout: a slow or absent API costs the page its figures, never the page.
const TTL_MS = 30_000;
const TIMEOUT_MS = 400;
const STATS_PATH = '/api/stats/games';
let cached = { url: '', at: 0, value: null, pending: null };

async function fetchStats(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** The snapshot (GameStatsSnapshot), or null when the API cannot give it. */
export async function gameStats(apiUrl) {
  if (typeof apiUrl !== 'string' || apiUrl === '') return null;
  const url = `${apiUrl.replace(/\/+$/, '')}${STATS_PATH}`;
  if (cached.url === url && Date.now() - cached.at < TTL_MS) return cached.value;
  if (cached.url === url && cached.pending) return cached.pending;
  const pending = fetchStats(url);
  cached = { url, at: cached.url === url ? cached.at : 0, value: cached.url === url ? cached.value : null, pending };
  const value = await pending;
  cached = { url, at: Date.now(), value, pending: null };
  return value;
}
