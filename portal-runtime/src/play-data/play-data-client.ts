// The browser's side of play data every page shares: the requests to the API and the stats
// snapshot (kept fresh while anything shows it). What only the play page sends (the "play
// started" beacon, votes, reports) is in player-requests.ts. Every call fails quietly into "no
// figures": a game or a page never waits on, or breaks for, play data.
import { STATS_PATH, type GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { playDataApi } from './play-data-api';
import { noteUnavailableGames } from './unavailable-games';

/** A request to the play-data API; null when it is not named or did not answer. */
export async function requestPlayData(path: string, init: RequestInit): Promise<Response | null> {
  const api = playDataApi();
  if (!api) return null;
  try {
    return await fetch(`${api}${path}`, init);
  } catch {
    return null;
  }
}

// ---- The stats snapshot, one per page, shared by every component that shows figures ----
/** A play shows within a minute: the API's cache is seconds, this refresh half a minute. */
const REFRESH_MS = 30_000;

/** What components read: the figures once fetched; `failed` when there are none and fetching failed. */
export interface GameStatsView {
  stats: GameStatsSnapshot | null;
  failed: boolean;
}
const NO_VIEW: GameStatsView = { stats: null, failed: false };
let view: GameStatsView = NO_VIEW;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
/** When the figures shown were fetched: components that come and go do not fetch them again. */
let fetchedAt = Number.NEGATIVE_INFINITY;

async function loadStats(): Promise<void> {
  fetchedAt = Date.now();
  const response = await requestPlayData(STATS_PATH, { headers: { accept: 'application/json' } });
  const body = response?.ok ? ((await response.json().catch(() => null)) as Partial<GameStatsSnapshot> | null) : null;
  // A light check (the full one would cost Home's first visit bytes): the figures only decorate.
  const parsed =
    Array.isArray(body?.trending) && Array.isArray(body.mostPlayed) && body.games ? (body as GameStatsSnapshot) : null;
  // A failed refresh keeps the figures already shown.
  if (parsed) {
    view = { stats: parsed, failed: false };
    noteUnavailableGames(parsed.unavailable ?? []);
  } else if (!view.stats) view = { stats: null, failed: true };
  else return;
  for (const listener of listeners) listener();
}

/** Fetches the snapshot again after `delayMs` (after a play or a vote of this browser). */
export function refreshGameStats(delayMs = 0): void {
  if (listeners.size === 0) return;
  setTimeout(() => void loadStats(), delayMs);
}

/**
 * For useSyncExternalStore: the first subscriber starts the half-minute refresh, and the fetch
 * unless the figures are fresher than that (a page's parts mounting again after the last one
 * left must not fetch a new ranking a moment later: the rows would reorder under the player).
 */
export function subscribeGameStats(listener: () => void): () => void {
  listeners.add(listener);
  // Nowhere to ask (a remote's page on its own, a test): no figures, said at once, not after a
  // tick that lands outside React's update.
  if (!playDataApi()) {
    if (!view.stats && !view.failed) view = { stats: null, failed: true };
  } else if (listeners.size === 1) {
    const fresh = view.stats !== null && Date.now() - fetchedAt < REFRESH_MS;
    if (!fresh) void loadStats();
    timer = setInterval(() => void loadStats(), REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

export const getGameStatsView = (): GameStatsView => view;
/** The server (and hydration) has no figures yet. */
export const serverGameStatsView = (): GameStatsView => NO_VIEW;
