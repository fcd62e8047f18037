import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type RevokeReason = 'logout' | 'reuse' | 'password_changed' | 'password_reset';

/** A session handle: its id (`sid`) and the jti of the one refresh token that may be used next. */
export interface SessionKeys {
  sessionId: string;
  refreshJti: string;
}

export type RotateResult = { ok: true; refreshJti: string } | { ok: false; reason: 'reuse' | 'revoked' | 'unknown' | 'expired' };

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Sessions = refresh-token families (decision 0007, step 4). Login opens one; refresh rotates its
 * refresh jti with one conditional update; presenting a jti that is no longer current (a copied
 * token used after its owner refreshed, or the other way round) revokes the whole family.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    private readonly refreshTtlMs: number,
    /** Absolute lifetime from sign-in: refreshing never carries a session past it. */
    private readonly maxAgeMs: number,
  ) {}

  /** When a session opened at `createdAt` (ISO) ends for good. */
  private endOf(createdAt: string): number {
    return new Date(createdAt).getTime() + this.maxAgeMs;
  }

  async open(userId: number, executor: Executor = this.db): Promise<SessionKeys> {
    const at = this.now();
    const keys = { sessionId: randomUUID(), refreshJti: randomUUID() };
    await executor
      .insertInto('sessions')
      .values({
        id: keys.sessionId,
        user_id: userId,
        refresh_jti: keys.refreshJti,
        created_at: at.toISOString(),
        last_used_at: at.toISOString(),
        expires_at: new Date(at.getTime() + Math.min(this.refreshTtlMs, this.maxAgeMs)).toISOString(),
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    return keys;
  }

  /** Swaps the refresh jti when `presentedJti` is the current one of a live session of `userId`. */
  async rotate(sessionId: string, userId: number, presentedJti: string): Promise<RotateResult> {
    const at = this.now();
    const refreshJti = randomUUID();
    // Only sessions opened less than maxAgeMs ago may rotate, however often they were refreshed.
    const openedAfter = new Date(at.getTime() - this.maxAgeMs).toISOString();
    const updated = await this.db
      .updateTable('sessions')
      .set({
        refresh_jti: refreshJti,
        last_used_at: at.toISOString(),
        // The session's real end is the earlier of this and created_at + maxAgeMs (checked below).
        expires_at: new Date(at.getTime() + this.refreshTtlMs).toISOString(),
      })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('refresh_jti', '=', presentedJti)
      .where('revoked_at', 'is', null)
      .where('created_at', '>', openedAfter)
      .where('expires_at', '>', at.toISOString())
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return { ok: true, refreshJti };
    const session = await this.db
      .selectFrom('sessions')
      .select(['revoked_at', 'user_id', 'created_at', 'expires_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!session || session.user_id !== userId) return { ok: false, reason: 'unknown' };
    if (session.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (this.endOf(session.created_at) <= at.getTime() || session.expires_at <= at.toISOString())
      return { ok: false, reason: 'expired' };
    // A live family and a jti that is not its current one: that token was used before. Someone
    // holds a copy, and we cannot tell which holder is the owner, so the family ends.
    await this.revoke(sessionId, 'reuse');
    return { ok: false, reason: 'reuse' };
  }

  /** Ends one family; revoking an already revoked session changes nothing (logout is idempotent). */
  async revoke(sessionId: string, reason: RevokeReason, executor: Executor = this.db): Promise<void> {
    await executor
      .updateTable('sessions')
      .set({ revoked_at: this.now().toISOString(), revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every family of a user (password change or reset). */
  async revokeAllOf(userId: number, reason: RevokeReason, executor: Executor = this.db): Promise<void> {
    await executor
      .updateTable('sessions')
      .set({ revoked_at: this.now().toISOString(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Deletes sessions past their end (expired, past the absolute lifetime, or revoked a day ago); answers how many. */
  async purgeEnded(): Promise<number> {
    const at = this.now().getTime();
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', new Date(at).toISOString()),
          eb('created_at', '<=', new Date(at - this.maxAgeMs).toISOString()),
          eb('revoked_at', '<=', new Date(at - 24 * 60 * 60 * 1000).toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** True while the session exists, belongs to `userId` and is not revoked. */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
