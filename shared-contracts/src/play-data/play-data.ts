/**
 * Play data: what players do with the games (plays, likes, reports), counted by the account API
 * and shown by the catalogue and the player. Types, paths, texts and pure rules; no I/O.
 */

/** The API's play-data routes (beyond product §7; anonymous, keyed by a random device id). */
export const PLAY_DATA_PATHS = {
  /** POST `PlayEventRequest`: one "play started"; counted at most once per device, game and 30 minutes. */
  plays: '/api/plays',
  /** GET `GameStatsSnapshot`: public, cacheable figures of every game. */
  stats: '/api/stats/games',
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
  if (!Number.isFinite(plays) || plays < 1) return '';
  const whole = Math.floor(plays);
  return whole === 1 ? PLAY_DATA_TEXT.onePlay : PLAY_DATA_TEXT.plays(COMPACT.format(whole));
}

/** The share of thumbs up in whole percent, or null below MIN_VOTES_FOR_SHARE votes. */
export function likeShare(stats: Pick<GameStats, 'likes' | 'dislikes'>): number | null {
  const votes = stats.likes + stats.dislikes;
  if (votes < MIN_VOTES_FOR_SHARE) return null;
  return Math.round((100 * stats.likes) / votes);
}

/** Wilson lower bound of the like share: ranks 50 of 52 above 3 of 3 (top rated). */
export function ratingScore(stats: Pick<GameStats, 'likes' | 'dislikes'>): number {
  const n = stats.likes + stats.dislikes;
  if (n === 0) return 0;
  const z = 1.96;
  const p = stats.likes / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

/** The orders of All Games and the category pages (`?sort=`); name is the default (product §2). */
export const GAME_SORTS = ['name', 'most-played', 'top-rated'] as const;
export type GameSort = (typeof GAME_SORTS)[number];
export const SORT_PARAM = 'sort';

export const parseGameSort = (value: string | null | undefined): GameSort =>
  (GAME_SORTS as readonly string[]).includes(value ?? '') ? (value as GameSort) : 'name';

/**
 * Games (given in name order) in the chosen order: most plays, or best rated (Wilson lower
 * bound, then plays); ties keep name order. Without figures every order is the name order.
 */
export function sortGames<T extends { id: number }>(
  games: readonly T[],
  sort: GameSort,
  snapshot: GameStatsSnapshot | null,
): T[] {
  if (sort === 'name' || !snapshot) return [...games];
  const key = (game: T): [number, number] => {
    const stats = statsOf(snapshot, game.id);
    return sort === 'most-played' ? [stats.plays, 0] : [ratingScore(stats), stats.plays];
  };
  return games
    .map((game, index) => ({ game, index, key: key(game) }))
    .sort((a, b) => b.key[0] - a.key[0] || b.key[1] - a.key[1] || a.index - b.index)
    .map((entry) => entry.game);
}

/** Reads an API answer as a snapshot; null when it is not one (the caller shows what it would without). */
export function parseStatsSnapshot(raw: unknown): GameStatsSnapshot | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  const ids = (list: unknown) => Array.isArray(list) && list.every((id) => Number.isInteger(id));
  if (typeof value.generatedAt !== 'string' || !ids(value.trending) || !ids(value.mostPlayed)) return null;
  if (value.trendingWindow !== '24h' && value.trendingWindow !== '7d') return null;
  if (typeof value.games !== 'object' || value.games === null || Array.isArray(value.games)) return null;
  const games: Record<string, GameStats> = {};
  for (const [id, entry] of Object.entries(value.games as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { plays, likes, dislikes } = entry as Record<string, unknown>;
    if (![plays, likes, dislikes].every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)) return null;
    games[id] = { plays: plays as number, likes: likes as number, dislikes: dislikes as number };
  }
  return {
    generatedAt: value.generatedAt,
    games,
    trending: value.trending as number[],
    trendingWindow: value.trendingWindow,
    mostPlayed: value.mostPlayed as number[],
  };
}

/** The texts of the play-data features (the SPEC gives none of them). */
export const PLAY_DATA_TEXT = {
  onePlay: '1 play',
  plays: (count: string) => `${count} plays`,
  liked: (percent: number) => `${percent} % liked`,
  trendingNow: 'Trending now',
  mostPlayed: 'Most played',
  like: 'I like this game',
  dislike: "I don't like this game",
  sortLabel: 'Sort by',
  sortName: 'Name',
  sortMostPlayed: 'Most played',
  sortTopRated: 'Top rated',
  aboutGame: (name: string) => `About ${name}`,
  tagsHeading: 'Tags',
  tagHeading: (tag: string) => `Games tagged ${tag}`,
  reportProblem: 'Report a problem',
  reportReasons: {
    does_not_load: "Doesn't load",
    black_screen: 'Black screen',
    stuck: 'Stuck',
    other: 'Other',
  } satisfies Record<ReportReason, string>,
  reportTextLabel: 'What happened? (optional)',
  reportSend: 'Send report',
  reportCancel: 'Cancel',
  reportThanks: 'Thank you! We will look into it.',
  reportAlready: 'You have already reported this game today. Thank you!',
  reportFailed: 'Your report could not be sent. Please try again.',
} as const;
