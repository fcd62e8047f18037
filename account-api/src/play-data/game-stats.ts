import { sql, type Kysely } from 'kysely';
import { GAMES } from '@portal/shared-contracts';
import { STATS_ROW_SIZE, type GameStats, type GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import type { Database } from '../db/schema';
import { utcDay, type DayPlays, type PlayCounter } from './play-counter';

const DAY_MS = 24 * 60 * 60 * 1000;
const KNOWN_GAME_IDS: ReadonlySet<number> = new Set(GAMES.map((game) => game.id));

interface PlayFigures {
  total: number;
  today: number;
  yesterday: number;
  week: number;
}

/**
 * Plays in the last 24 hours from day buckets: today's plays and the part of yesterday's that
 * the sliding window still covers (yesterday's plays assumed spread evenly over the day).
 */
export function lastDayPlays(figures: Pick<PlayFigures, 'today' | 'yesterday'>, at: Date): number {
  const sinceMidnight = at.getTime() - Date.parse(`${utcDay(at)}T00:00:00.000Z`);
  return figures.today + figures.yesterday * (1 - sinceMidnight / DAY_MS);
}

function ranked(figures: Map<number, number>, hidden: ReadonlySet<number>): number[] {
  return [...figures]
    .filter(([id, value]) => value > 0 && !hidden.has(id))
    .sort(([idA, a], [idB, b]) => b - a || idA - idB)
    .slice(0, STATS_ROW_SIZE)
    .map(([id]) => id);
}

/** Reads every game's figures: the database's day rows plus the plays still pending in Redis. */
export async function readGameStats(db: Kysely<Database>, counter: PlayCounter, at: Date): Promise<GameStatsSnapshot> {
  const today = utcDay(at);
  const yesterday = utcDay(new Date(at.getTime() - DAY_MS));
  const weekStart = utcDay(new Date(at.getTime() - 6 * DAY_MS));
  const [playRows, voteRows, pending, unavailableRows] = await Promise.all([
    db
      .selectFrom('game_play_days')
      .select([
        'game_id',
        sql<number | string>`sum(plays)`.as('total'),
        sql<number | string>`sum(case when day = ${today} then plays else 0 end)`.as('today'),
        sql<number | string>`sum(case when day = ${yesterday} then plays else 0 end)`.as('yesterday'),
        sql<number | string>`sum(case when day >= ${weekStart} then plays else 0 end)`.as('week'),
      ])
      .groupBy('game_id')
      .execute(),
    db
      .selectFrom('game_votes')
      .select([
        'game_id',
        sql<number | string>`sum(case when vote > 0 then 1 else 0 end)`.as('likes'),
        sql<number | string>`sum(case when vote < 0 then 1 else 0 end)`.as('dislikes'),
      ])
      .groupBy('game_id')
      .execute(),
    counter.pending(),
    // Games the link checker hid (decision 0058): left out of the rows, named for the clients to hide.
    db.selectFrom('game_health').select('game_id').where('status', '=', 'unavailable').orderBy('game_id').execute(),
  ]);
  const unavailable = unavailableRows.map((row) => row.game_id).filter((id) => KNOWN_GAME_IDS.has(id));
  const hidden = new Set(unavailable);
  const plays = new Map<number, PlayFigures>();
  const figuresOf = (gameId: number) => {
    let figures = plays.get(gameId);
    if (!figures) plays.set(gameId, (figures = { total: 0, today: 0, yesterday: 0, week: 0 }));
    return figures;
  };
  // PostgreSQL's sum() is a bigint, which pg hands over as text.
  for (const row of playRows) {
    const figures = figuresOf(row.game_id);
    figures.total += Number(row.total);
    figures.today += Number(row.today);
    figures.yesterday += Number(row.yesterday);
    figures.week += Number(row.week);
  }
  addPending(pending, { today, yesterday, weekStart }, figuresOf);

  const games: Record<string, GameStats> = {};
  const entry = (gameId: number) => (games[String(gameId)] ??= { plays: 0, likes: 0, dislikes: 0 });
  for (const [gameId, figures] of plays) if (KNOWN_GAME_IDS.has(gameId) && figures.total > 0) entry(gameId).plays = figures.total;
  for (const row of voteRows) {
    if (!KNOWN_GAME_IDS.has(row.game_id)) continue;
    const likes = Number(row.likes);
    const dislikes = Number(row.dislikes);
    if (likes + dislikes === 0) continue;
    Object.assign(entry(row.game_id), { likes, dislikes });
  }

  const known = [...plays].filter(([gameId]) => KNOWN_GAME_IDS.has(gameId));
  const lastDay = ranked(new Map(known.map(([gameId, figures]) => [gameId, lastDayPlays(figures, at)])), hidden);
  const trending =
    lastDay.length > 0 ? lastDay : ranked(new Map(known.map(([gameId, figures]) => [gameId, figures.week])), hidden);
  return {
    generatedAt: at.toISOString(),
    games,
    trending,
    trendingWindow: lastDay.length > 0 ? '24h' : '7d',
    mostPlayed: ranked(new Map(known.map(([gameId, figures]) => [gameId, figures.total])), hidden),
    unavailable,
  };
}

function addPending(
  pending: readonly DayPlays[],
  days: { today: string; yesterday: string; weekStart: string },
  figuresOf: (gameId: number) => PlayFigures,
): void {
  for (const { game_id, day, plays } of pending) {
    const figures = figuresOf(game_id);
    figures.total += plays;
    if (day === days.today) figures.today += plays;
    if (day === days.yesterday) figures.yesterday += plays;
    if (day >= days.weekStart) figures.week += plays;
  }
}

/**
 * The snapshot, computed at most once per `maxAgeMs` per instance (every visitor of Home asks
 * for the same figures); callers waiting for one computation share it.
 */
export class GameStatsCache {
  private current: { at: number; snapshot: Promise<GameStatsSnapshot> } | null = null;

  constructor(
    private readonly read: (at: Date) => Promise<GameStatsSnapshot>,
    private readonly maxAgeMs: number,
    private readonly now: () => Date,
  ) {}

  get(): Promise<GameStatsSnapshot> {
    const at = this.now();
    if (this.current && at.getTime() - this.current.at < this.maxAgeMs) return this.current.snapshot;
    const snapshot = this.read(at);
    const entry = { at: at.getTime(), snapshot };
    this.current = entry;
    // A failed read is not kept: the next caller tries again.
    snapshot.catch(() => {
      if (this.current === entry) this.current = null;
    });
    return snapshot;
  }

  /** A vote or play this instance just took shows on the next read. */
  invalidate(): void {
    this.current = null;
  }
}
