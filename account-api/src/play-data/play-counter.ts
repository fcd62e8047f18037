import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { PLAY_DEDUPE_WINDOW_MS } from '@portal/shared-contracts/play-data';
import type { Database } from '../db/schema';
import { BOUND_KEEP_MS, boundedTransaction, DAILY_BOUNDS, takeDailyBound, type CallSource } from './daily-bounds';

/** The UTC day (YYYY-MM-DD) of a moment: plays are rolled up per game and day. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Plays of one game on one UTC day: a row of `game_play_days`. */
export interface DayPlays {
  game_id: number;
  day: string;
  plays: number;
}

/** Redis keeps pending plays in one hash, one field per game and day. */
const pendingField = (day: string, gameId: number): string => `${day}|${gameId}`;

/** The rows of a pending hash's fields and counts (fields it did not write are passed over). */
function dayPlaysOf(entries: Iterable<[string, string]>): DayPlays[] {
  const rows: DayPlays[] = [];
  for (const [field, count] of entries) {
    const [day, game] = field.split('|');
    const plays = Number(count);
    if (day && game && plays > 0) rows.push({ game_id: Number(game), day, plays });
  }
  return rows;
}

/**
 * Counts "play started" events at most once per (device hash, game) per 30 minutes, and at most
 * DAILY_BOUNDS.plays per game and UTC day from one address and one site, whatever device ids
 * they send. `record` answers whether this event counted.
 */
export interface PlayCounter {
  record(deviceKey: string, gameId: number, at: Date, source: CallSource): Promise<boolean>;
  /** Counted plays not yet in `game_play_days` (Redis only; the database counts in place). */
  pending(): Promise<DayPlays[]>;
  /**
   * Moves pending plays into `game_play_days`. Several instances may call it at once: one runs,
   * the others answer null. Answers how many plays it moved.
   */
  rollup(at: Date): Promise<number | null>;
  /** Drops dedupe marks older than the window (database only; Redis keys expire by themselves). */
  sweep(at: Date): Promise<void>;
}

async function addPlays(db: Kysely<Database>, rows: DayPlays[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('game_play_days')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['game_id', 'day']).doUpdateSet({ plays: sql<number>`game_play_days.plays + excluded.plays` }),
    )
    .execute();
}

/**
 * Without Redis: one transaction marks the (device, game) as seen, unless it was seen within the
 * window, and adds the play to its day's row. The conditional upsert is atomic on SQLite and on
 * PostgreSQL, so two instances on one database count a play once.
 */
export class DatabasePlayCounter implements PlayCounter {
  constructor(private readonly db: Kysely<Database>) {}

  async record(deviceKey: string, gameId: number, at: Date, source: CallSource): Promise<boolean> {
    const key = `${deviceKey}:${gameId}`;
    const seenAt = at.toISOString();
    const windowStart = new Date(at.getTime() - PLAY_DEDUPE_WINDOW_MS).toISOString();
    const counted = await boundedTransaction(this.db, async (trx) => {
      const marked = await trx
        .insertInto('play_seen')
        .values({ key, seen_at: seenAt })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ seen_at: seenAt }).where('play_seen.seen_at', '<=', windowStart),
        )
        .executeTakeFirst();
      if (Number(marked.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      // Past the bound the whole step is undone: the mark too, so refused plays store nothing.
      await takeDailyBound(trx, 'plays', gameId, source, at);
      await addPlays(trx, [{ game_id: gameId, day: utcDay(at), plays: 1 }]);
      return true;
    });
    return counted === true;
  }

  pending(): Promise<DayPlays[]> {
    return Promise.resolve([]);
  }

  rollup(): Promise<number | null> {
    return Promise.resolve(0);
  }

  async sweep(at: Date): Promise<void> {
    const windowStart = new Date(at.getTime() - PLAY_DEDUPE_WINDOW_MS).toISOString();
    await this.db.deleteFrom('play_seen').where('seen_at', '<=', windowStart).execute();
  }
}

/**
 * Marks the (device, game) with the time of this play and, unless it was marked within the
 * window or the address's or site's daily bound for the game is spent, counts the play and the
 * bounds: one step. The time is the API's clock (ARGV[3]), so the rule is the same as without
 * Redis; the keys' TTLs only clear marks and spent days away. A refused play writes nothing.
 */
const RECORD_SCRIPT = `
local last = redis.call('GET', KEYS[1])
local at = tonumber(ARGV[3])
if last and at - tonumber(last) < tonumber(ARGV[1]) then return 0 end
if tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[4]) then return 2 end
if tonumber(redis.call('GET', KEYS[4]) or '0') >= tonumber(ARGV[5]) then return 2 end
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[1])
redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
redis.call('INCR', KEYS[4])
redis.call('PEXPIRE', KEYS[4], ARGV[6])
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
return 1
`;
/** Takes every pending count and empties the hash in one step: no play is taken twice. */
const DRAIN_SCRIPT = `
local entries = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return entries
`;

/**
 * With Redis: the dedupe marks expire by themselves, and plays are counted in one hash that the
 * rollup empties into the database every interval. A Redis that loses its data loses at most the
 * plays since the last rollup (and forgets the marks, so a device may count once more).
 */
export class RedisPlayCounter implements PlayCounter {
  private readonly pendingKey: string;
  private readonly lockKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly db: Kysely<Database>,
    private readonly prefix: string,
    private readonly rollupIntervalMs: number,
  ) {
    this.pendingKey = `${prefix}plays:pending`;
    this.lockKey = `${prefix}plays:rollup-lock`;
  }

  async record(deviceKey: string, gameId: number, at: Date, source: CallSource): Promise<boolean> {
    const day = utcDay(at);
    const bound = `${this.prefix}plays:bound:${day}:${gameId}:`;
    const counted = await this.redis.eval(
      RECORD_SCRIPT,
      4,
      `${this.prefix}plays:seen:${deviceKey}:${gameId}`,
      this.pendingKey,
      `${bound}a:${source.address}`,
      `${bound}s:${source.site}`,
      String(PLAY_DEDUPE_WINDOW_MS),
      pendingField(day, gameId),
      String(at.getTime()),
      String(DAILY_BOUNDS.plays.address),
      String(DAILY_BOUNDS.plays.site),
      String(BOUND_KEEP_MS),
    );
    return counted === 1;
  }

  async pending(): Promise<DayPlays[]> {
    return dayPlaysOf(Object.entries(await this.redis.hgetall(this.pendingKey)));
  }

  async rollup(): Promise<number | null> {
    // One instance per interval: the lock expires a little before the next round.
    const locked = await this.redis.set(this.lockKey, '1', 'PX', Math.max(1, this.rollupIntervalMs - 250), 'NX');
    if (locked !== 'OK') return null;
    const flat = (await this.redis.eval(DRAIN_SCRIPT, 1, this.pendingKey)) as string[];
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i] ?? '', flat[i + 1] ?? '']);
    const rows = dayPlaysOf(pairs);
    try {
      await addPlays(this.db, rows);
    } catch (error) {
      // The database refused: the plays go back to Redis for the next round.
      const restore = this.redis.multi();
      for (const row of rows) restore.hincrby(this.pendingKey, pendingField(row.day, row.game_id), row.plays);
      await restore.exec();
      throw error;
    }
    return rows.reduce((sum, row) => sum + row.plays, 0);
  }

  sweep(): Promise<void> {
    return Promise.resolve();
  }
}
