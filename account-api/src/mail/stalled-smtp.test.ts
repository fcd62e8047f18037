import net from 'node:net';
import type { MailSettings } from '../config';
import { createOwnDatabase } from '../testing/own-database';
import { until } from '../testing/wait';
import { newPlayer, register, startTestServer } from '../testing/test-server';

/**
 * A malicious SMTP server: greets, then answers EHLO with a `250-` continuation line every 100 ms
 * and never the last line. No socket timeout ever fires; only a total deadline ends it.
 */
async function drippingSmtp(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.write('220 slow.example ESMTP\r\n');
    socket.once('data', () => {
      const drip = setInterval(() => socket.write('250-still thinking\r\n'), 100);
      timers.add(drip);
      socket.on('close', () => clearInterval(drip));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let ownDatabase: Awaited<ReturnType<typeof createOwnDatabase>> = null;
beforeAll(async () => {
  ownDatabase = await createOwnDatabase('stalled_smtp');
});
afterAll(async () => ownDatabase?.drop());

describe('a stalled SMTP peer cannot hold the mail worker', () => {
  it('gives up on a mail after the total deadline, records the failure for a retry, and stop() returns in bounded time', async () => {
    const smtp = await drippingSmtp();
    const api = await startTestServer({
      databaseUrl: ownDatabase?.url ?? null,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mail: {
        worker: true,
        pollMs: 20,
        retryBaseMs: 60_000,
        retryMaxMs: 60_000,
        maxAttempts: 5,
        sendDeadlineMs: 800,
        stopTimeoutMs: 500,
      } as MailSettings,
    });
    try {
      const player = newPlayer('stalled');
      expect((await register(api.app, player)).statusCode).toBe(201);
      const row = () =>
        api.context.database.db
          .selectFrom('mail_outbox')
          .select(['status', 'attempts', 'last_error'])
          .where('recipient', '=', player.email.toLowerCase())
          .executeTakeFirstOrThrow();
      await until('the stalled try to be recorded as failed', async () => (await row()).last_error !== null, 8_000);
      const failed = await row();
      expect(failed.status).toBe('pending');
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/took longer than 1 s/);

      // A second mail now stalls in flight: stop() must still come back.
      await api.context.database.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: '1970-01-01T00:00:00.000Z' })
        .where('recipient', '=', player.email.toLowerCase())
        .execute();
      await until('the retry to start', async () => (await row()).attempts === 2, 5_000);
      const started = Date.now();
      await api.mailWorker?.stop();
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await api.close();
      await smtp.close();
    }
  }, 30_000);
});
