import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clientNetwork, clientSite } from '../http/rate-limits';

/** The UTC day (YYYY-MM-DD) a bound belongs to (play-counter's utcDay; not imported: it imports this). */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export type BoundedAction = 'plays' | 'votes' | 'reports';

/**
 * How far one address (an IPv4 address, an IPv6 /64) and one site (an IPv4 /24, an IPv6 /48)
 * may move one game's figures per UTC day, whatever device ids they send (decision 0054).
 * Plays: counted plays. Votes: new votes (changing one's vote is free). Reports: reports kept.
 */
export const DAILY_BOUNDS: Readonly<Record<BoundedAction, { address: number; site: number }>> = {
  plays: { address: 10, site: 30 },
  votes: { address: 10, site: 30 },
  reports: { address: 3, site: 10 },
};

/** Bound rows and Redis keys live two days: today's, and yesterday's until the day has surely ended everywhere. */
export const BOUND_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

/** Where a call comes from, as keyed hashes: no address is stored, only what it counts against. */
export interface CallSource {
  address: string;
  site: string;
}

export function callSourceOf(ip: string, hash: (text: string) => string): CallSource {
  return { address: hash(`address:${clientNetwork(ip)}`), site: hash(`site:${clientSite(ip)}`) };
}

/** Thrown inside a transaction when a bound is spent, so everything the transaction did is undone. */
export class DailyBoundSpent extends Error {
  constructor(readonly action: BoundedAction) {
    super(`daily ${action} bound spent`);
  }
}

/**
 * Takes one unit of today's bound of `action` on `gameId` for the call's address and site, in
 * the caller's transaction; throws DailyBoundSpent when either is used up. Each step is one
 * conditional upsert, atomic on SQLite and PostgreSQL, so parallel calls never pass the bound.
 */
export async function takeDailyBound(
  trx: Kysely<Database>,
  action: BoundedAction,
  gameId: number,
  source: CallSource,
  at: Date,
): Promise<void> {
  const day = utcDay(at);
  const bounds = DAILY_BOUNDS[action];
  // Address first, then site: every transaction takes the rows in one order (no deadlock on PostgreSQL).
  for (const [key, max] of [
    [`a:${source.address}`, bounds.address],
    [`s:${source.site}`, bounds.site],
  ] as const) {
    const taken = await trx
      .insertInto('play_data_bounds')
      .values({ action, game_id: gameId, day, source: key, used: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['action', 'game_id', 'day', 'source'])
          .doUpdateSet({ used: sql<number>`play_data_bounds.used + 1` })
          .where('play_data_bounds.used', '<', max),
      )
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0n) === 0) throw new DailyBoundSpent(action);
  }
}

/** Runs `work` in a transaction; 'bounded' when it hit a spent bound (and nothing it did is kept). */
export async function boundedTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T | 'bounded'> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof DailyBoundSpent) return 'bounded';
    throw error;
  }
}

/** The purge job's task: bound rows of days that have ended (and a day's margin). */
export async function purgeSpentBounds(db: Kysely<Database>, at: Date): Promise<number> {
  const before = utcDay(new Date(at.getTime() - BOUND_KEEP_MS + 24 * 60 * 60 * 1000));
  const result = await db.deleteFrom('play_data_bounds').where('day', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
