import type { FastifyBaseLogger } from 'fastify';
import { API_PATHS, type OutboxMessage } from '@portal/shared-contracts/account';
import { loadConfig } from '../config';
import { createOwnDatabase } from '../testing/own-database';
import { until } from '../testing/wait';
import {
  changePassword,
  form,
  json,
  newPlayer,
  register,
  signedInPlayer,
  startTestServer,
  type TestServer,
  setupTestServer,
} from '../testing/test-server';
import { DeliveryWorker, retryDelayMs, type MailTransport } from './delivery-worker';
import { durationInWords, passwordResetMail, verificationMail } from './messages';

const post = (server: TestServer, url: string, fields: Record<string, string>) =>
  server.app.inject({ method: 'POST', url, ...form(fields) });

async function outbox(server: TestServer, to: string): Promise<OutboxMessage[]> {
  return json<OutboxMessage[]>(
    await server.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(to)}` }),
  );
}

describe('DEV_OUTBOX and SMTP_URL at start-up', () => {
  const smtp = {
    SMTP_URL: 'smtp://mail.example.com:587',
    JWT_SECRET: 'x'.repeat(40),
    REDIS_URL: 'redis://localhost:6379',
    CORS_ORIGINS: 'https://games.example.com',
  };

  it('keeps the dev outbox off unless DEV_OUTBOX=1', () => {
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '0' }).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '1' }).devOutbox).toBe(true);
  });

  it.each(['production', 'Production', 'PRODUCTION', ' production '])('refuses DEV_OUTBOX=1 under NODE_ENV=%j', (nodeEnv) => {
    expect(() => loadConfig({ ...smtp, NODE_ENV: nodeEnv, DEV_OUTBOX: '1' })).toThrow(
      /DEV_OUTBOX is refused when NODE_ENV=production/,
    );
    expect(loadConfig({ ...smtp, NODE_ENV: nodeEnv }).production).toBe(true);
  });

  it('refuses to start in production without SMTP_URL, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'Production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      'SMTP_URL must be set when NODE_ENV=production',
    );
    expect(loadConfig({ ...smtp, NODE_ENV: 'production' }).smtpUrl).toBe(smtp.SMTP_URL);
  });

  it('buildApp refuses the same combinations when handed a Config directly', async () => {
    await expect(
      startTestServer({ production: true, jwtSecret: 'x'.repeat(40), devOutbox: true, smtpUrl: 'smtp://x' }),
    ).rejects.toThrow(/DEV_OUTBOX is refused/);
  });

  it('answers 404 at /__dev/outbox when the dev outbox is off', async () => {
    const server = await startTestServer({ devOutbox: false });
    try {
      const player = newPlayer('off');
      expect((await register(server.app, player)).statusCode).toBe(201);
      const response = await server.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${player.email}` });
      expect(response.statusCode).toBe(404);
      expect(json<{ detail: string }>(response).detail).toMatch(/DEV_OUTBOX=1/);
    } finally {
      await server.close();
    }
  });
});

/** Tests that claim, purge or run a worker of their own use a database of their own on PostgreSQL. */
let ownDatabase: Awaited<ReturnType<typeof createOwnDatabase>> = null;
beforeAll(async () => {
  ownDatabase = await createOwnDatabase('outbox_test');
});
afterAll(async () => ownDatabase?.drop());
const own = () => ({ databaseUrl: ownDatabase?.url ?? null });

describe('the outbox table', () => {
  const server = setupTestServer();

  it('shows queued mail with its delivery state, and the dev-outbox worker marks it sent', async () => {
    const player = newPlayer('state');
    await register(server.app, player);
    const [queued] = await outbox(server, player.email);
    expect(queued).toMatchObject({ to: player.email.toLowerCase(), subject: 'Verify your email address', kind: 'verification' });
    expect(queued!.code).toMatch(/^\d{6}$/);
    if (server.mailWorker) {
      await until('the worker marks it sent', async () => (await outbox(server, player.email))[0]?.status === 'sent');
      expect((await outbox(server, player.email))[0]).toMatchObject({ delivered_via: 'dev-outbox', attempts: 1 });
    }
  });

  it('writes nothing when the change that needs the mail rolls back', async () => {
    const to = `rollback-${Date.now()}@example.com`;
    await expect(
      server.context.database.db.transaction().execute(async (trx) => {
        await server.context.mailOutbox.enqueue(trx, passwordResetMail(server.context.config, to, '654321', 60_000));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox(server, to)).toEqual([]);
  });

  it('counts pending and dead mail and the oldest pending age, and keeps them off the public health routes', async () => {
    for (const url of [API_PATHS.health, API_PATHS.livez, API_PATHS.readyz])
      expect((await server.app.inject({ method: 'GET', url })).body).not.toMatch(/mail|pending/);
    const mail = await server.context.mailOutbox.stats();
    expect(Object.keys(mail).sort()).toEqual(['dead', 'oldest_pending_age_seconds', 'pending']);
    expect([typeof mail.pending, typeof mail.dead]).toEqual(['number', 'number']);
    const idle = await startTestServer({ mail: { ...server.context.config.mail, worker: false } });
    try {
      const before = (await idle.context.mailOutbox.stats()).pending;
      await register(idle.app, newPlayer('health'));
      idle.advance(90_000);
      const stats = await idle.context.mailOutbox.stats();
      expect(stats.pending).toBe(before + 1);
      expect(stats.oldest_pending_age_seconds).toBeGreaterThanOrEqual(90);
    } finally {
      await idle.close();
    }
  });

  it('purges sent mail after the retention and keeps pending and dead mail', async () => {
    const idle = await startTestServer({ ...own(), mail: { ...server.context.config.mail, worker: false } });
    try {
      const { mailOutbox, database, config } = idle.context;
      const to = `purge-${Date.now()}@example.com`;
      await database.db.transaction().execute(async (trx) => {
        for (const code of ['111111', '222222', '333333'])
          await mailOutbox.enqueue(trx, passwordResetMail(config, to, code, 60_000));
      });
      const claimed = await mailOutbox.claim(3, 60_000);
      const mine = claimed.filter((mail) => mail.to === to);
      await mailOutbox.markSent(mine[0]!, 'dev-outbox', false);
      await mailOutbox.markFailed(mine[1]!, 'gave up', null);
      await mailOutbox.release([mine[2]!]);
      idle.advance(config.mail.sentRetentionMs + 1000);
      expect(await mailOutbox.purgeSent(config.mail.sentRetentionMs)).toBeGreaterThanOrEqual(1);
      expect((await outbox(idle, to)).map((mail) => mail.status).sort()).toEqual(['dead', 'pending']);
    } finally {
      await idle.close();
    }
  });
});

describe('notification mails', () => {
  const server = setupTestServer();

  it('mails the owner when the password is changed', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const changed = await changePassword(server.app, tokens.access_token, player.password, 'An0ther-pass!');
    expect(changed.statusCode).toBe(200);
    const [notice] = await outbox(server, player.email);
    expect(notice).toMatchObject({ subject: 'Your PlayVerse password was changed', kind: 'password_changed', code: null });
    expect(notice!.text).toContain(server.context.config.siteUrl);
  });

  it('mails the owner when the password is reset', async () => {
    const { player } = await signedInPlayer(server.app);
    await post(server, API_PATHS.forgotPassword, { email: player.email });
    const [resetMail] = await outbox(server, player.email);
    const reset = await post(server, API_PATHS.resetPassword, {
      email: player.email,
      reset_code: resetMail!.code ?? '',
      new_password: 'An0ther-pass!',
    });
    expect(reset.statusCode).toBe(200);
    const [notice] = await outbox(server, player.email);
    expect(notice).toMatchObject({ subject: 'Your PlayVerse password was reset', kind: 'password_changed', code: null });
  });

  it('sends nothing when the change is refused (wrong old password)', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const before = (await outbox(server, player.email)).length;
    const refused = await changePassword(server.app, tokens.access_token, 'Wr0ng-pass!', 'An0ther-pass!');
    expect(refused.statusCode).toBe(400);
    expect(await outbox(server, player.email)).toHaveLength(before);
  });
});

describe('mail contents', () => {
  const brand = { brandName: 'PlayVerse', siteUrl: 'https://playverse.games' };

  it('says expiry in words', () => {
    expect(durationInWords(24 * 60 * 60 * 1000)).toBe('24 hours');
    expect(durationInWords(15 * 60 * 1000)).toBe('15 minutes');
    expect(durationInWords(60 * 1000)).toBe('1 minute');
    expect(durationInWords(60 * 60 * 1000)).toBe('1 hour');
    expect(durationInWords(90 * 60 * 1000)).toBe('1 hour and 30 minutes');
    expect(durationInWords(7 * 24 * 60 * 60 * 1000)).toBe('7 days');
  });

  it('has a text and an HTML part with the brand, the site link, the code and its expiry; HTML values escaped', () => {
    const mail = verificationMail(
      brand,
      'a@b.com',
      '123456',
      'https://playverse.games/?activation_token=a<b"c',
      24 * 3600 * 1000,
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('PlayVerse');
      expect(part).toContain('https://playverse.games');
      expect(part).toContain('123456');
      expect(part).toContain('24 hours');
    }
    expect(mail.html).toContain('href="https://playverse.games/?activation_token=a&lt;b&quot;c"');
    expect(mail.html).not.toContain('a<b"c');
    const reset = passwordResetMail(brand, 'a@b.com', '654321', 15 * 60 * 1000);
    expect(reset.text).toContain('within 15 minutes');
  });
});

describe('the delivery worker', () => {
  it('backs off exponentially with jitter, up to the cap', () => {
    const settings = { retryBaseMs: 1000, retryMaxMs: 10_000 };
    expect(retryDelayMs(1, settings, () => 0)).toBe(500);
    expect(retryDelayMs(1, settings, () => 1)).toBe(1000);
    expect(retryDelayMs(3, settings, () => 0)).toBe(2000);
    expect(retryDelayMs(3, settings, () => 1)).toBe(4000);
    expect(retryDelayMs(20, settings, () => 1)).toBe(10_000);
    expect(retryDelayMs(20, settings, () => 0)).toBe(5000);
  });

  it('stops cleanly: the mail in hand is finished, the rest of its claim goes back unspent', async () => {
    const server = await startTestServer({ ...own(), mail: { ...loadConfig({}).mail, worker: false } });
    let release: () => void = () => undefined;
    const sending: string[] = [];
    const slow: MailTransport = {
      name: 'smtp',
      scrubAfterSend: true,
      send: (mail) => {
        sending.push(mail.to);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      close: () => undefined,
    };
    const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
    const settings = { ...server.context.config.mail, worker: true, pollMs: 5 };
    const worker = new DeliveryWorker(server.context.mailOutbox, slow, settings, log, server.context.now);
    try {
      // This file's own database: earlier tests' leftovers would be claimed first.
      await server.context.database.db.deleteFrom('mail_outbox').execute();
      const [first, second] = [`first-${Date.now()}@example.com`, `second-${Date.now()}@example.com`];
      await server.context.database.db.transaction().execute(async (trx) => {
        for (const to of [first, second])
          await server.context.mailOutbox.enqueue(trx, passwordResetMail(server.context.config, to, '123456', 60_000));
      });
      worker.start();
      await until('the first mail is in hand', () => sending.length === 1);
      const stopped = worker.stop();
      release();
      await stopped;
      expect(sending).toEqual([first]);
      expect((await outbox(server, first))[0]).toMatchObject({ status: 'sent', attempts: 1 });
      expect((await outbox(server, second))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await worker.stop();
      await server.close();
    }
  });

  it('logs one line per failed try and one at dead-letter, never the code or the body', async () => {
    const server = await startTestServer({ ...own(), mail: { ...loadConfig({}).mail, worker: false } });
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const record =
      (level: string) =>
      (fields: Record<string, unknown>, message = '') => {
        lines.push({ level, fields, message });
      };
    const log = { warn: record('warn'), error: record('error'), info: record('info') } as unknown as FastifyBaseLogger;
    const failing: MailTransport = {
      name: 'smtp',
      scrubAfterSend: true,
      send: (mail) => Promise.reject(new Error(`connect ECONNREFUSED 127.0.0.1:1 (for <${mail.to}>)`)),
      close: () => undefined,
    };
    const settings = { ...server.context.config.mail, worker: true, pollMs: 5, retryBaseMs: 5, retryMaxMs: 10, maxAttempts: 3 };
    const worker = new DeliveryWorker(server.context.mailOutbox, failing, settings, log, server.context.now);
    try {
      const player = newPlayer('logs');
      await register(server.app, player);
      const [queued] = await outbox(server, player.email);
      worker.start();
      await until('the mail goes dead', async () => (await outbox(server, player.email))[0]?.status === 'dead');
      await worker.stop();
      const failures = lines.filter((line) => line.message.startsWith('mail delivery failed') && line.fields.mail === queued!.id);
      expect(failures.map((line) => line.level)).toEqual(['warn', 'warn', 'error']);
      expect(failures.map((line) => line.fields.attempt)).toEqual([1, 2, 3]);
      expect(failures[0]!.fields.reason).toMatch(/ECONNREFUSED/);
      const everything = JSON.stringify(lines);
      expect(everything).not.toContain(queued!.code!);
      expect(everything).not.toContain(player.email.toLowerCase());
    } finally {
      await worker.stop();
      await server.close();
    }
  });
});
