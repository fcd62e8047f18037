// The browser's side of play data: where the API is, the "play started" beacon, the shared
// stats snapshot (kept fresh while anything shows it), votes and reports. Every call fails
// quietly into "no figures": a game or a page never waits on, or breaks for, play data.
import { STORAGE_KEYS } from '../storage/keys';
import { deviceIdFrom } from './device-id';
import { playDataApi } from './play-data-api';
import { noteUnavailableGames } from './unavailable-games';
import {
  PLAY_DATA_PATHS,
  STATS_PATH,
  type GameStatsSnapshot,
  type ReportReason,
  type VoteResponse,
  type VotesResponse,
  type VoteValue,
} from './play-data';
import { PLAY_DATA_TEXT } from './texts';

const localStore = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** This browser's device id, or null (no storage): then nothing is sent. */
export const browserDeviceId = (): string | null => deviceIdFrom(localStore());

function bearer(): Record<string, string> {
  const token = localStore()?.getItem(STORAGE_KEYS.token);
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function send(path: string, init: RequestInit): Promise<Response | null> {
  const api = playDataApi();
  if (!api) return null;
  try {
    return await fetch(`${api}${path}`, init);
  } catch {
    return null;
  }
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}, keepalive = false) =>
  send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    keepalive,
  });

/** One "play started" (the frame has loaded); survives the page being left at once. */
export function sendPlayStarted(gameId: number): void {
  const deviceId = browserDeviceId();
  if (deviceId) void postJson(PLAY_DATA_PATHS.plays, { gameId, deviceId }, {}, true).then(() => refreshGameStats(2000));
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
  const response = await send(STATS_PATH, { headers: { accept: 'application/json' } });
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

// ---- Votes and reports ----
async function readJson<T>(response: Response | null): Promise<T | null> {
  if (!response?.ok) return null;
  return (await response.json().catch(() => null)) as T | null;
}

/** The caller's votes (the account's when signed in); null when they cannot be read. */
export async function fetchMyVotes(): Promise<VotesResponse | null> {
  const deviceId = browserDeviceId();
  if (!deviceId) return null;
  const path = `${PLAY_DATA_PATHS.votes}?deviceId=${encodeURIComponent(deviceId)}`;
  let response = await send(path, { headers: bearer() });
  // A stale token: the vote is still this device's.
  if (response?.status === 401) response = await send(path, {});
  return readJson<VotesResponse>(response);
}

/** Casts, changes (1, -1) or takes back (0) this player's vote; null when it failed. */
export async function castVote(gameId: number, vote: VoteValue): Promise<VoteResponse | null> {
  const deviceId = browserDeviceId();
  if (!deviceId) return null;
  const body = { gameId, deviceId, vote };
  let response = await postJson(PLAY_DATA_PATHS.votes, body, bearer());
  if (response?.status === 401) response = await postJson(PLAY_DATA_PATHS.votes, body);
  const answer = await readJson<VoteResponse>(response);
  if (answer) refreshGameStats();
  return answer;
}

/** 'bounded': the API counts no more reports of this game from this network today (429). */
/** The API's one-message detail (product §8), or null. */
async function readDetail(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  return typeof body?.detail === 'string' ? body.detail : null;
}

export type ReportOutcome = 'sent' | 'already' | 'bounded' | 'failed';

export async function sendReport(gameId: number, reason: ReportReason, text: string): Promise<ReportOutcome> {
  const deviceId = browserDeviceId();
  if (!deviceId) return 'failed';
  const words = text.trim();
  const response = await postJson(PLAY_DATA_PATHS.reports, { gameId, deviceId, reason, ...(words ? { text: words } : {}) });
  if (response?.status === 201) return 'sent';
  if (response?.status === 429 && (await readDetail(response)) === PLAY_DATA_TEXT.reportsBounded) return 'bounded';
  return response?.status === 409 ? 'already' : 'failed';
}
