import type { Kysely } from 'kysely';
import type { ReportReason } from '@portal/shared-contracts/play-data';
import { isUniqueViolation } from '../db/connect';
import type { Database } from '../db/schema';
import { boundedTransaction, takeDailyBound, type CallSource } from './daily-bounds';
import { utcDay } from './play-counter';
import { cleanReportText } from './report-text';

export interface StoredReport {
  id: number;
  gameId: number;
  reason: string;
  text: string | null;
  createdAt: string;
}

/** Reports of broken games: one per device, game and UTC day. */
export class ReportStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * 'already' when this device reported this game today; 'bounded' when the call's address or
   * site has used up its daily bound of reports on this game (nothing is kept).
   */
  async add(
    reporter: string,
    gameId: number,
    reason: ReportReason,
    text: string | null,
    at: Date,
    source: CallSource,
  ): Promise<'added' | 'already' | 'bounded'> {
    try {
      return await boundedTransaction(this.db, async (trx) => {
        // The report first: a device that already reported hears so, whatever the bound.
        await trx
          .insertInto('game_reports')
          .values({ game_id: gameId, reporter, day: utcDay(at), reason, text, created_at: at.toISOString() })
          .execute();
        await takeDailyBound(trx, 'reports', gameId, source, at);
        return 'added' as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'already';
      throw error;
    }
  }

  /** The purge job's task: reports older than `keepMs` go (they are read within days). */
  async purgeOlderThan(at: Date, keepMs: number): Promise<number> {
    const cutoff = new Date(at.getTime() - keepMs).toISOString();
    const result = await this.db.deleteFrom('game_reports').where('created_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** How many devices reported this game since `since`. */
  async reportersSince(gameId: number, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('game_reports')
      .select((eb) => eb.fn.count<number | string>('reporter').distinct().as('reporters'))
      .where('game_id', '=', gameId)
      .where('created_at', '>=', since.toISOString())
      .executeTakeFirst();
    return Number(row?.reporters ?? 0);
  }

  /** Reports per game since `since`, for the games that have any. */
  async countsSince(since: Date): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('game_reports')
      .select(['game_id', (eb) => eb.fn.countAll<number | string>().as('reports')])
      .where('created_at', '>=', since.toISOString())
      .groupBy('game_id')
      .execute();
    return new Map(rows.map((row) => [row.game_id, Number(row.reports)]));
  }

  /** Newest first. */
  async list(limit: number): Promise<StoredReport[]> {
    const rows = await this.db
      .selectFrom('game_reports')
      .select(['id', 'game_id', 'reason', 'text', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      gameId: row.game_id,
      reason: row.reason,
      // Rows kept before the words were cleaned at the door are cleaned on the way out.
      text: cleanReportText(row.text),
      createdAt: row.created_at,
    }));
  }
}
