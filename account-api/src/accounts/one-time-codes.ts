import type { Kysely } from 'kysely';
import type { CodePurpose, Database } from '../db/schema';
import { hashSecret, normalizeCode } from '../security/one-time-secrets';

/** Wrong guesses a code survives: 5 in a million per 6-digit code, 5 in 10^12 per 12-digit reset code. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'locked';

/**
 * One-time secrets sent by mail. Single use (deleted when used), expiring, and for typed
 * codes limited to MAX_CODE_ATTEMPTS guesses. Issuing a new one replaces the old one.
 */
export class OneTimeCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Buffer,
    private readonly now: () => Date,
  ) {}

  /** Replaces the account's code for this purpose; inside `trx` when given (with the mail that carries it). */
  async issue(userId: number, purpose: CodePurpose, secret: string, ttlMs: number, trx?: Kysely<Database>): Promise<void> {
    const at = this.now();
    const write = async (trx: Kysely<Database>) => {
      await trx.deleteFrom('one_time_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
      await trx
        .insertInto('one_time_codes')
        .values({
          user_id: userId,
          purpose,
          secret_hash: hashSecret(this.key, secret),
          expires_at: new Date(at.getTime() + ttlMs).toISOString(),
          attempts: 0,
          created_at: at.toISOString(),
        })
        .execute();
    };
    await (trx ? write(trx) : this.db.transaction().execute(write));
  }

  /**
   * Checks a typed code. The attempt is counted *before* comparing, with a conditional
   * update, so parallel guesses cannot get past the limit.
   */
  async check(userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row) return 'invalid';
    if (row.expires_at <= this.now().toISOString()) return 'expired';
    // RETURNING gives this guess's own number, not the stale one read above.
    const counted = await this.db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst();
    if (!counted) return 'locked';
    if (hashSecret(this.key, normalizeCode(code)) !== row.secret_hash) {
      return counted.attempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'invalid';
    }
    const used = await this.db.deleteFrom('one_time_codes').where('id', '=', row.id).executeTakeFirst();
    return Number(used.numDeletedRows) === 1 ? 'ok' : 'invalid';
  }

  /** Redeems a link token (no email in the link): the owner's id, or null. */
  async redeemLinkToken(purpose: CodePurpose, token: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .select(['id', 'user_id', 'expires_at'])
      .where('purpose', '=', purpose)
      .where('secret_hash', '=', hashSecret(this.key, token.trim()))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.now().toISOString()) return null;
    const used = await this.db.deleteFrom('one_time_codes').where('id', '=', row.id).executeTakeFirst();
    return Number(used.numDeletedRows) === 1 ? row.user_id : null;
  }

  /** Deletes every code and link token past its expiry (the purge job); answers how many. */
  async purgeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('one_time_codes')
      .where('expires_at', '<=', this.now().toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async revoke(userId: number, purpose: CodePurpose): Promise<void> {
    await this.db.deleteFrom('one_time_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
  }
}
