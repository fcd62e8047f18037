import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxMessage } from 'shared-contracts';

/** A mail to one player. `code` is the one-time code it carries, if any (dev outbox only). */
export type Mail = OutboxMessage;

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Development stand-in for SMTP: keeps every message in memory, readable through
 * GET /__dev/outbox. Bounded so a long-running dev server cannot grow without limit.
 */
export class DevOutbox implements Mailer {
  private readonly messages: Mail[] = [];
  constructor(private readonly capacity = 1000) {}

  send(mail: Mail): Promise<void> {
    this.messages.push({ ...mail, to: mail.to.toLowerCase() });
    if (this.messages.length > this.capacity) this.messages.shift();
    return Promise.resolve();
  }

  /** Newest first; only the given address when `to` is set (case-insensitive). */
  list(to?: string): Mail[] {
    const address = to?.trim().toLowerCase();
    return this.messages.filter((m) => !address || m.to === address).reverse();
  }
}

/** Real delivery through nodemailer, for SMTP_URL. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

/** Production without SMTP: nothing can be delivered; say so without logging the code. */
export class DroppingMailer implements Mailer {
  constructor(private readonly warn: (message: string) => void) {}
  send(mail: Mail): Promise<void> {
    this.warn(`SMTP_URL is not set: mail "${mail.subject}" was not delivered`);
    return Promise.resolve();
  }
}
