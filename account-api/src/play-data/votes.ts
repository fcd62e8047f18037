import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { boundedTransaction, takeDailyBound, type CallSource } from './daily-bounds';

export const deviceVoter = (deviceKey: string): string => `d:${deviceKey}`;
export const userVoter = (userId: number): string => `u:${userId}`;

/** Likes: one vote per voter and game, changeable; a device's votes join the account on sign-in. */
export class VoteStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * 1 or -1 casts or changes the vote; 0 takes it back. A new vote moves the game's likes, so it
   * takes from the daily bound of the call's address and site ('bounded': refused, nothing kept);
   * changing or taking back one's own vote is free.
   */
  async cast(voter: string, gameId: number, vote: 1 | -1 | 0, at: Date, source: CallSource): Promise<'cast' | 'bounded'> {
    if (vote === 0) {
      await this.db.deleteFrom('game_votes').where('voter', '=', voter).where('game_id', '=', gameId).execute();
      return 'cast';
    }
    const updated_at = at.toISOString();
    return boundedTransaction(this.db, async (trx) => {
      const changed = await trx
        .updateTable('game_votes')
        .set({ vote, updated_at })
        .where('voter', '=', voter)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) > 0) return 'cast';
      await takeDailyBound(trx, 'votes', gameId, source, at);
      await trx
        .insertInto('game_votes')
        .values({ voter, game_id: gameId, vote, updated_at })
        .onConflict((conflict) => conflict.columns(['voter', 'game_id']).doUpdateSet({ vote, updated_at }))
        .execute();
      return 'cast' as const;
    });
  }

  /** The purge job's task: votes not changed for `keepMs` stop counting (likes are the recent players' opinion). */
  async purgeOlderThan(at: Date, keepMs: number): Promise<number> {
    const cutoff = new Date(at.getTime() - keepMs).toISOString();
    const result = await this.db.deleteFrom('game_votes').where('updated_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async votesOf(voter: string): Promise<Record<string, 1 | -1>> {
    const rows = await this.db.selectFrom('game_votes').select(['game_id', 'vote']).where('voter', '=', voter).execute();
    return Object.fromEntries(rows.map((row) => [String(row.game_id), row.vote > 0 ? 1 : -1]));
  }

  /**
   * The device's votes become the account's (like favourites on sign-in): for each game the newer
   * vote wins, and the device's own rows go, so a game never holds two votes of one player.
   */
  async mergeInto(device: string, user: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('game_votes').selectAll().where('voter', '=', device).execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        await trx
          .insertInto('game_votes')
          .values({ voter: user, game_id: row.game_id, vote: row.vote, updated_at: row.updated_at })
          .onConflict((conflict) =>
            conflict
              .columns(['voter', 'game_id'])
              .doUpdateSet({ vote: row.vote, updated_at: row.updated_at })
              .where('game_votes.updated_at', '<', row.updated_at),
          )
          .execute();
      }
      await trx.deleteFrom('game_votes').where('voter', '=', device).execute();
    });
  }
}
