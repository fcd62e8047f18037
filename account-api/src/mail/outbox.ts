import type { Kysely } from 'kysely';
import type { OutboxMessage } from '@portal/shared-contracts/account';
import type { DialectName } from '../db/connect';
import type { Database, MailOutboxRow } from '../db/schema';
import type { Mail } from './messages';

/** What /health reports about mail. */
export interface MailStats {
  pending: number;
  dead: number;
  /** Age of the oldest mail still waiting to go out, in whole seconds; null when none waits. */
  oldest_pending_age_seconds: number | null;
}

/** A mail claimed by one worker; `attempt` fences the result against a worker whose lease ran out. */
export interface ClaimedMail {
  id: number;
  kind: Mail['kind'];
  to: string;
  subject: string;
  text: string;
  html: string;
  attempt: number;
}

/** Errors kept in the table are cut to this length (SMTP answers can be long). */
const MAX_ERROR_LENGTH = 500;

/**
 * The `mail_outbox` table (decision 0007 step 5, decision 0023). Requests only call
 * `enqueue` inside their own transaction; the delivery worker claims, sends and records.
 */
export class MailOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly now: () => Date,
  ) {}

  /** Queues a mail in the caller's transaction: it exists exactly when the change that needs it commits. */
  async enqueue(trx: Kysely<Database>, mail: Mail): Promise<void> {
    const at = this.now().toISOString();
    await trx
      .insertInto('mail_outbox')
      .values({
        kind: mail.kind,
        recipient: mail.to.trim().toLowerCase(),
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        code: mail.code,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        last_error: null,
        delivered_via: null,
        created_at: at,
        sent_at: null,
      })
      .execute();
  }

  /**
   * For an address that gets no mail (unknown, or already verified): one write transaction of the
   * same cost as queueing one (the commit's sync to disk dominates both), so an answer's timing
   * does not tell who has an account (decision 0007 step 5). It leaves nothing behind.
   */
  async matchQueueingCost(): Promise<void> {
    const at = this.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('mail_outbox')
        .values({
          kind: 'verification',
          recipient: '',
          subject: '',
          text_body: '',
          html_body: '',
          code: null,
          status: 'sent',
          attempts: 0,
          next_attempt_at: at,
          last_error: null,
          delivered_via: null,
          created_at: at,
          sent_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('mail_outbox').where('id', '=', row.id).execute();
    });
  }

  /**
   * Takes up to `limit` due mails for this worker: their next try is pushed out by the lease
   * and their attempt count goes up, in one statement. On PostgreSQL, `FOR UPDATE SKIP LOCKED`
   * lets two instances claim side by side without ever taking the same row; SQLite runs one
   * writer at a time, so the statement alone is enough.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
    const now = this.now();
    const due = this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    const rows = await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
      }))
      .where('id', 'in', this.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .where('status', '=', 'pending')
      .returning(['id', 'kind', 'recipient', 'subject', 'text_body', 'html_body', 'attempts'])
      .execute();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attempt: row.attempts,
      }));
  }

  /**
   * Records a delivery. `scrub` empties the bodies and the code: once SMTP has the mail, the
   * database keeps no readable code (the dev outbox keeps them, it exists to show them).
   */
  async markSent(mail: ClaimedMail, via: 'smtp' | 'dev-outbox', scrub: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({
        status: 'sent',
        sent_at: this.now().toISOString(),
        delivered_via: via,
        last_error: null,
        ...(scrub ? { text_body: '', html_body: '', code: null } : {}),
      })
      .where('id', '=', mail.id)
      .where('attempts', '=', mail.attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a failed try: retried at `retryAt`, or dead (kept, with the reason) when `retryAt` is null. */
  async markFailed(mail: ClaimedMail, reason: string, retryAt: Date | null): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({
        status: retryAt ? 'pending' : 'dead',
        next_attempt_at: (retryAt ?? this.now()).toISOString(),
        last_error: reason.slice(0, MAX_ERROR_LENGTH),
      })
      .where('id', '=', mail.id)
      .where('attempts', '=', mail.attempt)
      .execute();
  }

  /** Hands back claimed mails that were not tried (shutdown): due now, the try not counted. */
  async release(mails: ClaimedMail[]): Promise<void> {
    for (const mail of mails) {
      await this.db
        .updateTable('mail_outbox')
        .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: this.now().toISOString() }))
        .where('id', '=', mail.id)
        .where('attempts', '=', mail.attempt)
        .where('status', '=', 'pending')
        .execute();
    }
  }

  /** Deletes sent mail older than the retention; dead mail stays until an operator acts. */
  async purgeSent(retentionMs: number): Promise<number> {
    const before = new Date(this.now().getTime() - retentionMs).toISOString();
    const result = await this.db
      .deleteFrom('mail_outbox')
      .where('status', '=', 'sent')
      .where('sent_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Puts dead mail back in the queue with a fresh count of tries (all of it, or the given ids). */
  async requeueDead(ids?: number[]): Promise<number> {
    let query = this.db
      .updateTable('mail_outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: this.now().toISOString() })
      .where('status', '=', 'dead');
    if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [-1]);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async stats(): Promise<MailStats> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', ['pending', 'dead'])
      .groupBy('status')
      .execute();
    const pending = rows.find((row) => row.status === 'pending');
    const dead = rows.find((row) => row.status === 'dead');
    const oldest = pending?.oldest ? Date.parse(pending.oldest) : null;
    return {
      pending: Number(pending?.count ?? 0),
      dead: Number(dead?.count ?? 0),
      oldest_pending_age_seconds: oldest === null ? null : Math.max(0, Math.floor((this.now().getTime() - oldest) / 1000)),
    };
  }

  /** The dev outbox: one address's mail (or everyone's), newest first, with its delivery state. */
  async list(to: string | undefined, limit = 200): Promise<OutboxMessage[]> {
    let query = this.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit);
    const address = to?.trim().toLowerCase();
    if (address) query = query.where('recipient', '=', address);
    return (await query.execute()).map(toOutboxMessage);
  }
}

function toOutboxMessage(row: MailOutboxRow): OutboxMessage {
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    code: row.code,
    id: row.id,
    kind: row.kind,
    html: row.html_body,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    delivered_via: row.delivered_via,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}
