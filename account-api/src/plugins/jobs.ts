import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { JobLease } from '../game-health/job-lease';
import { DeliveryWorker, DevOutboxTransport, SmtpTransport, type MailTransport } from '../mail/delivery-worker';
import { PurgeJob } from '../maintenance/purge-job';
import { playDataPurgeTasks } from '../play-data/play-data';
import { orphanFilesTask, unsavedUploadsTask } from '../uploads/upload-purge';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the mail outbox; null when this instance only queues (MAIL_WORKER=0, or nowhere to deliver). */
    mailWorker: DeliveryWorker | null;
    /** Deletes expired and abandoned data on a timer (tests call runOnce). */
    purgeJob: PurgeJob;
  }
}

/** SMTP when SMTP_URL is set; else the dev outbox when DEV_OUTBOX is on; else nowhere (mail waits in the queue). */
function chooseTransport(config: Config): MailTransport | null {
  if (config.smtpUrl) return new SmtpTransport(config.smtpUrl, config.mailFrom, config.mail.sendDeadlineMs);
  if (config.devOutbox) return new DevOutboxTransport();
  return null;
}

/**
 * The timers: mail delivery, the purge and the game checker. Registered last, so their onClose
 * hooks (run in reverse order) stop them before the database's pool closes.
 */
const jobs: FastifyPluginAsync = async (fastify) => {
  const { config, database, now, codes, sessions, users, uploads, playData, gameChecker } = fastify;

  const transport = config.mail.worker ? chooseTransport(config) : null;
  const mailWorker = transport ? new DeliveryWorker(fastify.mailOutbox, transport, config.mail, fastify.log, now) : null;
  fastify.decorate('mailWorker', mailWorker);
  if (mailWorker) {
    fastify.addHook('onClose', async () => mailWorker.stop());
    mailWorker.start();
  }

  const purgeJob = new PurgeJob(
    [
      { name: 'expired_codes', run: () => codes.purgeExpired() },
      { name: 'ended_sessions', run: () => sessions.purgeEnded() },
      { name: 'unverified_accounts', run: () => users.purgeUnverified(config.retention.unverifiedAccountMs) },
      // After the accounts: their pictures' rows went with them (cascade), the files go now.
      unsavedUploadsTask(database.db, uploads, config.uploads.unsavedMs, now),
      orphanFilesTask(database.db, uploads, config.uploads.unsavedMs, now),
      ...playDataPurgeTasks(playData, database.db, now),
      { name: 'game_check_history', run: () => gameChecker.store.purgeHistory(config.gameChecks.historyMs, now()) },
    ],
    config.retention.purgeIntervalMs,
    fastify.log,
    // Held across ticks (two intervals), so one instance keeps leading while it lives.
    new JobLease(database.db, 'purge', randomUUID(), 2 * config.retention.purgeIntervalMs, now),
  );
  fastify.decorate('purgeJob', purgeJob);
  // A purge in flight finishes before the database's hook runs.
  fastify.addHook('onClose', async () => purgeJob.stop());
  purgeJob.start();
  // A round in flight finishes and the lease is let go before the database's hook runs.
  fastify.addHook('onClose', async () => gameChecker.stop());
  if (config.gameChecks.enabled) gameChecker.start();
};

export default fp(jobs, {
  name: 'jobs',
  dependencies: ['database', 'stores', 'uploads', 'play-data', 'game-checker'],
});
