import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSettings } from '../config';
import type { ClaimedMail, MailOutbox } from './outbox';

/** Where the worker hands mail over. */
export interface MailTransport {
  readonly name: 'smtp' | 'dev-outbox';
  /** Empty the stored bodies and code once sent (the dev outbox keeps them: showing them is its job). */
  readonly scrubAfterSend: boolean;
  send(mail: ClaimedMail): Promise<void>;
  close(): void;
}

/** Real delivery through nodemailer, each mail within a total deadline. */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  readonly scrubAfterSend = true;
  private transport: Transporter;
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    /** Longest one mail may take in all: a peer that drips a line every few seconds never trips a socket timeout. */
    private readonly deadlineMs: number,
  ) {
    this.transport = this.open();
  }

  private open(): Transporter {
    // Pooled: a few kept-open connections instead of a new one (and a new TLS handshake) per mail.
    return nodemailer.createTransport({
      url: this.smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: ClaimedMail): Promise<void> {
    const transport = this.transport;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // Drop the stalled connections with their pool; the next mail gets a fresh one.
        if (this.transport === transport) this.transport = this.open();
        transport.close();
        reject(new Error(`SMTP delivery took longer than ${Math.round(this.deadlineMs / 1000)} s: connection dropped`));
      }, this.deadlineMs);
    });
    try {
      // An address object, not a string: nodemailer does not parse it for display names or lists.
      await Promise.race([
        transport.sendMail({
          from: this.from,
          to: { name: '', address: mail.to },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * DEV_OUTBOX without SMTP_URL: the outbox table is the mailbox (GET /__dev/outbox reads it), so
 * delivering is only recording that. The worker, its claim and its bookkeeping are the same code
 * path as with SMTP.
 */
export class DevOutboxTransport implements MailTransport {
  readonly name = 'dev-outbox';
  readonly scrubAfterSend = false;
  async send(): Promise<void> {}
  close(): void {}
}

/**
 * Wait before try `attempt + 1` after `attempt` failed: base · 2^(attempt−1), capped, with
 * "equal jitter" (half fixed, half random), so instances that failed together do not retry together.
 */
export function retryDelayMs(
  attempt: number,
  settings: Pick<MailSettings, 'retryBaseMs' | 'retryMaxMs'>,
  random = Math.random,
): number {
  const ceiling = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** What is kept of a failure: the SMTP answer or the network error; never the mail itself. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

/** SMTP answers often quote the recipient: logs get the reason without addresses (the table keeps it whole). */
const withoutAddresses = (reason: string): string => reason.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>');

const BATCH = 10;
const PURGE_EVERY_MS = 10 * 60 * 1000;
/** Pending mail older than this is worth a warning (retries start at 30 s and double). */
const STUCK_AFTER_SECONDS = 15 * 60;

/**
 * The delivery worker (decision 0023): polls the outbox, claims due mail, hands it to the
 * transport, and records the result. Failures are retried with backoff until `maxAttempts`,
 * then the mail goes dead with its reason. Logs name the mail by id and kind: never the
 * address's code or body.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private stopping = false;
  private lastPurge = 0;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly transport: MailTransport,
    private readonly settings: MailSettings,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    this.stopping = false;
    this.schedule(0);
  }

  /**
   * Stops polling and lets the mail in hand finish (or hands it back), waiting at most
   * `settings.stopTimeoutMs`; then closes the transport, which aborts a send still running (its
   * mail comes back after its lease). So a shutdown deadline can count on this returning.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let waited: NodeJS.Timeout | undefined;
    const pass = this.pass;
    if (pass) {
      const outcome = await Promise.race([
        pass.then(() => 'done' as const),
        new Promise<'late'>((resolve) => (waited = setTimeout(() => resolve('late'), this.settings.stopTimeoutMs))),
      ]);
      clearTimeout(waited);
      if (outcome === 'late') this.log.warn('mail worker stopped with a delivery in flight: it is retried after its lease');
    }
    this.transport.close();
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pass = this.runPass().finally(() => {
        this.pass = null;
        this.schedule(this.settings.pollMs);
      });
    }, delayMs);
  }

  private async runPass(): Promise<void> {
    try {
      let claimed: ClaimedMail[];
      do {
        claimed = await this.outbox.claim(BATCH, this.settings.leaseMs);
        for (const [i, mail] of claimed.entries()) {
          if (this.stopping) {
            await this.outbox.release(claimed.slice(i));
            return;
          }
          await this.deliver(mail);
        }
      } while (claimed.length === BATCH && !this.stopping);
      if (this.now().getTime() - this.lastPurge >= PURGE_EVERY_MS) {
        this.lastPurge = this.now().getTime();
        const purged = await this.outbox.purgeSent(this.settings.sentRetentionMs);
        if (purged > 0) this.log.info({ purged }, 'sent mail purged');
        // The queue's figures are not public (no health route shows them): the log says when to look.
        const stats = await this.outbox.stats();
        if (stats.dead > 0 || (stats.oldest_pending_age_seconds ?? 0) > STUCK_AFTER_SECONDS)
          this.log.warn({ mail_queue: stats }, 'mail queue needs attention: dead mail, or mail waiting long');
      }
    } catch (error) {
      // The database went away for a moment: the next pass tries again; claimed rows come back after their lease.
      this.log.error({ err: error }, 'mail worker pass failed');
    }
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    try {
      await this.transport.send(mail);
    } catch (error) {
      const reason = reasonOf(error);
      if (mail.attempt >= this.settings.maxAttempts) {
        await this.outbox.markFailed(mail, reason, null);
        this.log.error(
          { mail: mail.id, kind: mail.kind, attempt: mail.attempt, reason: withoutAddresses(reason) },
          'mail delivery failed: dead-lettered',
        );
      } else {
        const retryAt = new Date(this.now().getTime() + retryDelayMs(mail.attempt, this.settings, this.random));
        await this.outbox.markFailed(mail, reason, retryAt);
        this.log.warn(
          {
            mail: mail.id,
            kind: mail.kind,
            attempt: mail.attempt,
            retry_at: retryAt.toISOString(),
            reason: withoutAddresses(reason),
          },
          'mail delivery failed',
        );
      }
      return;
    }
    // Sent. If this record fails, the lease runs out and the mail goes again: at least once, never lost.
    const recorded = await this.outbox.markSent(mail, this.transport.name, this.transport.scrubAfterSend);
    if (!recorded) this.log.warn({ mail: mail.id, kind: mail.kind }, 'mail sent after its lease ran out');
    else if (this.transport.name === 'smtp')
      this.log.info({ mail: mail.id, kind: mail.kind, attempt: mail.attempt }, 'mail sent');
  }
}
