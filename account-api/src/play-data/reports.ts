import type { Kysely } from 'kysely';
import type { ReportReason } from 'shared-contracts/play-data';
import { isUniqueViolation } from '../db/connect';
import type { Database } from '../db/schema';
import { utcDay } from './play-counter';

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

  /** false when this device already reported this game today. */
  async add(reporter: string, gameId: number, reason: ReportReason, text: string | null, at: Date): Promise<boolean> {
    try {
      await this.db
        .insertInto('game_reports')
        .values({ game_id: gameId, reporter, day: utcDay(at), reason, text, created_at: at.toISOString() })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
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
      text: row.text,
      createdAt: row.created_at,
    }));
  }
}
