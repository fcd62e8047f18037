import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { API_PATHS, type OutboxMessage } from '@portal/shared-contracts/account';
import type { MailSettings } from '../config';
import { passwordResetMail } from './messages';
import { createOwnDatabase } from '../testing/own-database';
import { until } from '../testing/wait';
import { form, json, newPlayer, register, startTestServer, type TestServer } from '../testing/test-server';

// Real SMTP (nodemailer → smtp-server on loopback) through the outbox and its delivery worker.
// Worker timing is shortened (poll 10 ms, retries from 20 ms) so nothing waits longer than needed.

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that records what it receives; `rejectWith` makes it refuse recipients. */
class TestSmtp {
  readonly received: Received[] = [];
  rcptAttempts = 0;
  rejectWith: { code: number; message: string } | null = null;
  private server: SMTPServer | null = null;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onRcptTo: (_address, _session, callback) => {
        this.rcptAttempts += 1;
        if (this.rejectWith) callback(Object.assign(new Error(this.rejectWith.message), { responseCode: this.rejectWith.code }));
        else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mailFrom = session.envelope.mailFrom;
          this.received.push({
            from: mailFrom ? mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server)
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
  }

  to(address: string): Received[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }
}

/** SMTP_TEST_PORT fixes the ports (base, base+1, …); otherwise the system picks free ones. */
let nextFixedPort = Number(process.env.SMTP_TEST_PORT ?? 0);
async function smtpPort(): Promise<number> {
  if (nextFixedPort > 0) return nextFixedPort++;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

const FAST: Partial<MailSettings> = { worker: true, pollMs: 10, retryBaseMs: 20, retryMaxMs: 100, maxAttempts: 50 };

/**
 * On PostgreSQL this file gets a database of its own: its SMTP workers must not take (and scrub)
 * the dev-outbox mail of test files running beside it on the shared test database.
 */
const sharedPg = process.env.TEST_DATABASE_URL;
let ownDatabase: Awaited<ReturnType<typeof createOwnDatabase>> = null;
beforeAll(async () => {
  ownDatabase = await createOwnDatabase('mail_delivery');
});
afterAll(async () => ownDatabase?.drop());

function apiWithSmtp(port: number, mail: Partial<MailSettings> = {}, mailFrom?: string): Promise<TestServer> {
  return startTestServer({
    databaseUrl: ownDatabase?.url ?? null,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    ...(mailFrom ? { mailFrom } : {}),
    mail: { ...FAST, ...mail } as MailSettings,
  });
}

async function outboxOf(server: TestServer, to: string): Promise<OutboxMessage[]> {
  return json<OutboxMessage[]>(
    await server.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(to)}` }),
  );
}

/** The queue figures operators watch (not public: /readyz does not show them). */
function mailHealth(server: TestServer) {
  return server.context.mailOutbox.stats();
}

/** The 6-digit code in a received mail (its text part says "code is:" then the code). */
function codeIn(raw: string): string | null {
  return /\b(\d{6})\b/.exec(raw)?.[1] ?? null;
}

describe('mail through a real SMTP server', () => {
  it('delivers the sign-up mail: right recipient, subject, a text and an HTML part, and a code that verifies', async () => {
    const smtp = new TestSmtp(await smtpPort());
    await smtp.start();
    const api = await apiWithSmtp(smtp.port);
    try {
      const player = newPlayer('smtp');
      expect((await register(api.app, player)).statusCode).toBe(201);
      await until('the mail reaches the SMTP server', () => smtp.to(player.email).length === 1);
      const [mail] = smtp.to(player.email);
      expect(mail!.to).toEqual([player.email.toLowerCase()]);
      expect(mail!.raw).toMatch(/^Subject: Verify your email address\r?$/m);
      expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
      expect(mail!.raw).toMatch(/^Content-Type: text\/html/m);
      expect(mail!.raw).toContain('PlayVerse');
      expect(mail!.raw).toContain('24 hours');
      const code = codeIn(mail!.raw);
      expect(code).not.toBeNull();
      const verified = await api.app.inject({
        method: 'POST',
        url: API_PATHS.verifyEmail,
        ...form({ email: player.email, verification_code: code ?? '' }),
      });
      expect(verified.statusCode).toBe(200);
      // Recorded as sent through SMTP, and the stored copy no longer holds the code.
      await until('the row is marked sent', async () => (await outboxOf(api, player.email))[0]?.status === 'sent');
      const [row] = await outboxOf(api, player.email);
      expect(row).toMatchObject({ status: 'sent', delivered_via: 'smtp', attempts: 1, code: null, text: '' });
    } finally {
      await api.close();
      await smtp.stop();
    }
  });

  it('with the server down, register still answers 201 and the mail arrives once it is back, with no request from the player', async () => {
    const port = await smtpPort();
    const api = await apiWithSmtp(port);
    const smtp = new TestSmtp(port);
    try {
      const player = newPlayer('down');
      const answer = await register(api.app, player);
      expect(answer.statusCode).toBe(201);
      // The worker tries, fails (connection refused), and keeps the mail for later.
      await until('two failed tries', async () => ((await outboxOf(api, player.email))[0]?.attempts ?? 0) >= 2);
      const [waiting] = await outboxOf(api, player.email);
      expect(waiting).toMatchObject({ status: 'pending' });
      expect(waiting!.last_error).toMatch(/ECONNREFUSED/);
      const health = await mailHealth(api);
      expect(health.pending).toBeGreaterThanOrEqual(1);
      expect(health.oldest_pending_age_seconds).toEqual(expect.any(Number));

      await smtp.start();
      await until('the mail arrives after the server is back', () => smtp.to(player.email).length > 0);
      await until('the row is marked sent', async () => (await outboxOf(api, player.email))[0]?.status === 'sent');
      expect(smtp.to(player.email)).toHaveLength(1);
      expect(smtp.to(player.email)[0]!.raw).toMatch(/^Subject: Verify your email address\r?$/m);
    } finally {
      await api.close();
      await smtp.stop();
    }
  });

  it('dead-letters a mail that keeps failing after the stated tries, keeps the reason, and sends it once re-queued', async () => {
    const smtp = new TestSmtp(await smtpPort());
    smtp.rejectWith = { code: 451, message: 'Mailbox temporarily unavailable' };
    await smtp.start();
    const maxAttempts = 3;
    const api = await apiWithSmtp(smtp.port, { maxAttempts });
    try {
      const player = newPlayer('dead');
      expect((await register(api.app, player)).statusCode).toBe(201);
      await until('the mail goes dead', async () => (await outboxOf(api, player.email))[0]?.status === 'dead');
      const [dead] = await outboxOf(api, player.email);
      expect(dead!.attempts).toBe(maxAttempts);
      expect(dead!.last_error).toMatch(/451/);
      expect(dead!.code).toMatch(/^\d{6}$/); // kept, so a re-queued mail still carries it
      expect(smtp.rcptAttempts).toBe(maxAttempts);
      expect(smtp.received).toHaveLength(0);
      expect((await mailHealth(api)).dead).toBeGreaterThanOrEqual(1);

      // The operator fixes the server and re-queues (README "Dead mail").
      smtp.rejectWith = null;
      expect(await api.context.mailOutbox.requeueDead([dead!.id!])).toBe(1);
      await until('the re-queued mail arrives', () => smtp.to(player.email).length === 1);
      expect(codeIn(smtp.to(player.email)[0]!.raw)).toBe(dead!.code);
    } finally {
      await api.close();
      await smtp.stop();
    }
  });

  it('answers register, resend and forgot-password without waiting on SMTP (a server that never answers)', async () => {
    // A socket that accepts and never greets: any request that waited on SMTP would hang here.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    const port = await smtpPort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const api = await apiWithSmtp(port);
    try {
      const player = newPlayer('silent');
      expect((await register(api.app, player)).statusCode).toBe(201);
      const resend = await api.app.inject({
        method: 'POST',
        url: API_PATHS.resendVerification,
        ...form({ email: player.email }),
      });
      expect(resend.statusCode).toBe(200);
      const forgot = await api.app.inject({ method: 'POST', url: API_PATHS.forgotPassword, ...form({ email: player.email }) });
      expect(forgot.statusCode).toBe(200);
      expect((await outboxOf(api, player.email)).map((mail) => mail.subject)).toEqual([
        'Your password reset code',
        'Verify your email address',
        'Verify your email address',
      ]);
    } finally {
      // Stop accepting first, so the worker's next try is refused instead of waiting for a greeting.
      const closed = new Promise((resolve) => silent.close(resolve));
      for (const socket of sockets) socket.destroy();
      await api.close();
      await closed;
    }
  });
});

const onPostgres = sharedPg ? describe : describe.skip;
onPostgres('two API instances on one PostgreSQL', () => {
  it('deliver each mail exactly once', async () => {
    const smtp = new TestSmtp(await smtpPort());
    await smtp.start();
    const first = await apiWithSmtp(smtp.port, {}, 'first@instance.test');
    const second = await apiWithSmtp(smtp.port, {}, 'second@instance.test');
    try {
      // Forty mails committed at once, so both workers find due mail in the same polls.
      const recipients = Array.from({ length: 40 }, (_, i) => `twin${process.pid}-${i}@example.com`);
      await first.context.database.db.transaction().execute(async (trx) => {
        for (const to of recipients)
          await first.context.mailOutbox.enqueue(trx, passwordResetMail(first.context.config, to, '123456', 60_000));
      });
      await until('every mail arrives', () => recipients.every((to) => smtp.to(to).length > 0), 20_000);
      await until('every row is marked sent', async () => {
        const rows = await first.context.mailOutbox.list(undefined, 1000);
        return recipients.every((to) => rows.some((row) => row.to === to && row.status === 'sent'));
      });
      for (const to of recipients) expect(smtp.to(to)).toHaveLength(1);
      // Each row was claimed once: a second claim would have counted a second attempt.
      const rows = (await first.context.mailOutbox.list(undefined, 1000)).filter((row) => recipients.includes(row.to));
      expect(rows.map((row) => row.attempts)).toEqual(recipients.map(() => 1));
      // Every one came from one of the two instances (earlier tests' leftovers in this database may arrive too: not counted).
      const ours = smtp.received.filter((mail) => mail.to.some((to) => recipients.includes(to)));
      const byInstance = (from: string) => ours.filter((mail) => mail.from === from).length;
      expect(byInstance('first@instance.test') + byInstance('second@instance.test')).toBe(recipients.length);
    } finally {
      await first.close();
      await second.close();
      await smtp.stop();
    }
  });
});
