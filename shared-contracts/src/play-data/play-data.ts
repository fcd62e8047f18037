/**
 * Play data: what players do with the games (plays, likes, reports), counted by the account API
 * and shown by the catalogue and the player. Types, paths, texts and pure rules; no I/O.
 */

/** The API's play-data routes (beyond product §7; anonymous, keyed by a random device id). */
/** The public stats route (its own constant: Home's first visit carries it, not the other paths). */
export const STATS_PATH = '/api/stats/games';

export const PLAY_DATA_PATHS = {
  /** POST `PlayEventRequest`: one "play started"; counted at most once per device, game and 30 minutes. */
  plays: '/api/plays',
  /** GET `GameStatsSnapshot`: public, cacheable figures of every game. */
  stats: STATS_PATH,
  /** GET `?deviceId=` the caller's votes; POST `VoteRequest` casts, changes or takes back a vote. */
  votes: '/api/votes',
  /** POST `ReportRequest`: a problem with a game; at most one per device, game and day. */
  reports: '/api/reports',
} as const;

/** How long one device's repeated plays of one game count once. */
export const PLAY_DEDUPE_WINDOW_MS = 30 * 60 * 1000;
/** The like share is shown from this many votes on (fewer would say little). */
export const MIN_VOTES_FOR_SHARE = 5;
/**
 * On the site root (`<div id="root">`) when the server had no figures to give: Home's rows
 * for them are not drawn (CSS hides their reserved space from the first paint).
 */
export const NO_PLAY_STATS_ATTRIBUTE = 'data-no-play-stats';

/** How many games the Home rows show. */
export const STATS_ROW_SIZE = 12;

export interface PlayEventRequest {
  gameId: number;
  /** The browser's random device id (`deviceIdFrom`); the API keeps only a keyed hash of it. */
  deviceId: string;
}

/** +1 thumbs up, -1 thumbs down, 0 takes the vote back. */
export type VoteValue = 1 | -1 | 0;
export interface VoteRequest {
  gameId: number;
  deviceId: string;
  vote: VoteValue;
}
/** The caller's votes by game id (only games voted on). */
export interface VotesResponse {
  votes: Record<string, 1 | -1>;
}

/** What a vote answers: the caller's votes and the game's figures after it. */
export interface VoteResponse extends VotesResponse {
  stats: GameStats;
}

export const REPORT_REASONS = ['does_not_load', 'black_screen', 'stuck', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX = 500;
export interface ReportRequest {
  gameId: number;
  deviceId: string;
  reason: ReportReason;
  /** Optional short words from the player. */
  text?: string;
}

/** One game's figures. */
export interface GameStats {
  /** Plays of all time. */
  plays: number;
  likes: number;
  dislikes: number;
}

/**
 * Every game's figures at one moment, as `GET PLAY_DATA_PATHS.stats` answers it (and the site's
 * server hands to the pre-renderer). Games nobody played or voted on are absent from `games`.
 */
export interface GameStatsSnapshot {
  /** ISO-8601 UTC. */
  generatedAt: string;
  games: Record<string, GameStats>;
  /** Most plays in the last 24 hours, else (nothing then) the last 7 days; most first; at most STATS_ROW_SIZE. */
  trending: number[];
  trendingWindow: '24h' | '7d';
  /** Most plays of all time, most first; at most STATS_ROW_SIZE. */
  mostPlayed: number[];
}

const NO_STATS: GameStats = { plays: 0, likes: 0, dislikes: 0 };

export function statsOf(snapshot: GameStatsSnapshot | null | undefined, gameId: number): GameStats {
  return snapshot?.games[String(gameId)] ?? NO_STATS;
}

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** "1 play", "3 plays", "1.2K plays"; '' for a game no one has played (no count is shown). */
export function playsLabel(plays: number): string {
  // NaN fails the comparison too.
  if (!(plays >= 1)) return '';
  return plays === 1 ? PLAY_COUNT_TEXT.onePlay : PLAY_COUNT_TEXT.plays(COMPACT.format(plays));
}

/** The share of thumbs up in whole percent, or null below MIN_VOTES_FOR_SHARE votes. */
export function likeShare(stats: Pick<GameStats, 'likes' | 'dislikes'>): number | null {
  const votes = stats.likes + stats.dislikes;
  if (votes < MIN_VOTES_FOR_SHARE) return null;
  return Math.round((100 * stats.likes) / votes);
}

/**
 * A light check of an API answer (figures only decorate the page, and the full check would cost
 * Home's first visit bytes): the lists and the map are there; a game's figures are read through
 * `statsOf`. Null when it is not a snapshot (the caller shows what it would without).
 */
export function asStatsSnapshot(raw: unknown): GameStatsSnapshot | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Partial<Record<keyof GameStatsSnapshot, unknown>>;
  return Array.isArray(value.trending) &&
    Array.isArray(value.mostPlayed) &&
    typeof value.games === 'object' &&
    value.games !== null
    ? (raw as GameStatsSnapshot)
    : null;
}

/** The texts Home and the cards need (the SPEC gives none of them); the rest are in texts.ts. */
export const PLAY_COUNT_TEXT = {
  onePlay: '1 play',
  plays: (count: string) => `${count} plays`,
  trendingNow: 'Trending now',
  mostPlayed: 'Most played',
} as const;
