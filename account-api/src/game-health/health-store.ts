import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CheckResult } from './probe';

export type GameStatus = 'available' | 'unavailable';

/** One game's health as `npm run reports` and the stats snapshot read it. */
export interface GameHealth {
  gameId: number;
  status: GameStatus;
  failures: number;
  lastCheckedAt: string | null;
  lastOutcome: string | null;
  lastDetail: string | null;
  changedAt: string;
  flaggedAt: string | null;
}

/** What one round changed: games newly hidden and games back. */
export interface RoundChanges {
  hidden: number[];
  restored: number[];
}

/** Each game's health and its history of checks (decision 0058). */
export class GameHealthStore {
  constructor(private readonly db: Kysely<Database>) {}

  async all(): Promise<GameHealth[]> {
    const rows = await this.db.selectFrom('game_health').selectAll().orderBy('game_id').execute();
    return rows.map((row) => ({
      gameId: row.game_id,
      status: row.status === 'unavailable' ? 'unavailable' : 'available',
      failures: row.failures,
      lastCheckedAt: row.last_checked_at,
      lastOutcome: row.last_outcome,
      lastDetail: row.last_detail,
      changedAt: row.changed_at,
      flaggedAt: row.flagged_at,
    }));
  }

  /** The games hidden from players, in id order. */
  async unavailable(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('game_health')
      .select('game_id')
      .where('status', '=', 'unavailable')
      .orderBy('game_id')
      .execute();
    return rows.map((row) => row.game_id);
  }

  /** Asks the checker to look at this game at once (players' reports passed the threshold). */
  async flag(gameId: number, at: Date): Promise<void> {
    await this.db
      .insertInto('game_health')
      .values({ game_id: gameId, status: 'available', failures: 0, changed_at: at.toISOString(), flagged_at: at.toISOString() })
      .onConflict((conflict) => conflict.column('game_id').doUpdateSet({ flagged_at: at.toISOString() }))
      .execute();
  }

  async anyFlagged(): Promise<boolean> {
    const row = await this.db
      .selectFrom('game_health')
      .select('game_id')
      .where('flagged_at', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records one round: every result in the history; when the round `counted`, failures in a row
   * grow and a game reaching `failuresToHide` is hidden. A passing check always makes a game
   * available again and clears its count; a round that does not count changes no status otherwise.
   */
  async recordRound(results: readonly CheckResult[], at: Date, counted: boolean, failuresToHide: number): Promise<RoundChanges> {
    const when = at.toISOString();
    const changes: RoundChanges = { hidden: [], restored: [] };
    await this.db.transaction().execute(async (trx) => {
      const before = new Map(
        (await trx.selectFrom('game_health').select(['game_id', 'status', 'failures']).execute()).map((row) => [
          row.game_id,
          row,
        ]),
      );
      for (const result of results) {
        const previous = before.get(result.gameId);
        const wasUnavailable = previous?.status === 'unavailable';
        const ok = result.outcome === 'ok';
        const failures = ok ? 0 : (previous?.failures ?? 0) + (counted ? 1 : 0);
        const unavailable = ok ? false : wasUnavailable || failures >= failuresToHide;
        if (unavailable && !wasUnavailable) changes.hidden.push(result.gameId);
        if (!unavailable && wasUnavailable) changes.restored.push(result.gameId);
        const status: GameStatus = unavailable ? 'unavailable' : 'available';
        const fields = {
          status,
          failures,
          last_checked_at: when,
          last_outcome: result.outcome,
          last_detail: result.detail,
          flagged_at: null,
          ...(previous === undefined || previous.status !== status ? { changed_at: when } : {}),
        };
        await trx
          .insertInto('game_health')
          .values({ game_id: result.gameId, changed_at: when, ...fields })
          .onConflict((conflict) => conflict.column('game_id').doUpdateSet(fields))
          .execute();
      }
      if (results.length > 0) {
        await trx
          .insertInto('game_health_checks')
          .values(
            results.map((result) => ({
              game_id: result.gameId,
              checked_at: when,
              outcome: result.outcome,
              http_status: result.httpStatus,
              detail: result.detail,
              counted: counted ? 1 : 0,
            })),
          )
          .execute();
      }
    });
    return changes;
  }

  /** A game's last checks, newest first. */
  async history(
    gameId: number,
    limit: number,
  ): Promise<Array<{ checkedAt: string; outcome: string; httpStatus: number | null; detail: string | null; counted: boolean }>> {
    const rows = await this.db
      .selectFrom('game_health_checks')
      .select(['checked_at', 'outcome', 'http_status', 'detail', 'counted'])
      .where('game_id', '=', gameId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      checkedAt: row.checked_at,
      outcome: row.outcome,
      httpStatus: row.http_status,
      detail: row.detail,
      counted: row.counted === 1,
    }));
  }

  /** Deletes history older than `maxAgeMs`; answers how many checks went. */
  async purgeHistory(maxAgeMs: number, at: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('game_health_checks')
      .where('checked_at', '<', new Date(at.getTime() - maxAgeMs).toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
