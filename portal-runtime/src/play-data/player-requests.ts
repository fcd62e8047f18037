// What only the play page sends: the "play started" beacon, votes and reports. A subpath of its own
// ('@portal/runtime/player-requests') that the player bundles, off every other page's start-up: it
// keeps no state, and reaches the page's one runtime through the package's shared entry (the
// package's own name), never through a copy of it.
import { STORAGE_KEYS } from '@portal/shared-contracts';
import {
  deviceIdFrom,
  PLAY_DATA_PATHS,
  PLAY_DATA_TEXT,
  type ReportReason,
  type VoteResponse,
  type VotesResponse,
  type VoteValue,
} from '@portal/shared-contracts/play-data';
import { refreshGameStats, requestPlayData } from '@portal/runtime';

const localStore = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** This browser's device id, or null (no storage): then nothing is sent. */
export const browserDeviceId = (): string | null => deviceIdFrom(localStore());

/** The signed-in player's bearer header, or none. */
function playerBearer(): Record<string, string> {
  const token = localStore()?.getItem(STORAGE_KEYS.token);
  return token ? { authorization: `Bearer ${token}` } : {};
}

const postPlayData = (path: string, body: unknown, headers: Record<string, string> = {}, keepalive = false) =>
  requestPlayData(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    keepalive,
  });

/** One "play started" (the frame has loaded); survives the page being left at once. */
export function sendPlayStarted(gameId: number): void {
  const deviceId = browserDeviceId();
  if (deviceId) void postPlayData(PLAY_DATA_PATHS.plays, { gameId, deviceId }, {}, true).then(() => refreshGameStats(2000));
}

async function readJson<T>(response: Response | null): Promise<T | null> {
  if (!response?.ok) return null;
  return (await response.json().catch(() => null)) as T | null;
}

/** The caller's votes (the account's when signed in); null when they cannot be read. */
export async function fetchMyVotes(): Promise<VotesResponse | null> {
  const deviceId = browserDeviceId();
  if (!deviceId) return null;
  const path = `${PLAY_DATA_PATHS.votes}?deviceId=${encodeURIComponent(deviceId)}`;
  let response = await requestPlayData(path, { headers: playerBearer() });
  // A stale token: the vote is still this device's.
  if (response?.status === 401) response = await requestPlayData(path, {});
  return readJson<VotesResponse>(response);
}

/** Casts, changes (1, -1) or takes back (0) this player's vote; null when it failed. */
export async function castVote(gameId: number, vote: VoteValue): Promise<VoteResponse | null> {
  const deviceId = browserDeviceId();
  if (!deviceId) return null;
  const body = { gameId, deviceId, vote };
  let response = await postPlayData(PLAY_DATA_PATHS.votes, body, playerBearer());
  if (response?.status === 401) response = await postPlayData(PLAY_DATA_PATHS.votes, body);
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
  const response = await postPlayData(PLAY_DATA_PATHS.reports, { gameId, deviceId, reason, ...(words ? { text: words } : {}) });
  if (response?.status === 201) return 'sent';
  if (response?.status === 429 && (await readDetail(response)) === PLAY_DATA_TEXT.reportsBounded) return 'bounded';
  return response?.status === 409 ? 'already' : 'failed';
}
