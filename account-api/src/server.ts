// First: tracing starts (when configured) before any instrumented module is loaded.
import './observability/tracing-start';
import { buildApp } from './app';
import { loadConfig } from './config';
import { bufferedLog } from './http/log-destination';
import { activeTracing } from '@portal/service-tracing';
import { drainOnSignals } from './operations/graceful-shutdown';

/** `node dist/server.js`: migrate (development) or check migrations (production), listen, drain on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, context, mailWorker } = await buildApp({ config, logStream: bufferedLog().stream });
  const tracing = activeTracing();
  // The spans still buffered are sent once the last request is answered.
  if (tracing) app.addHook('onClose', async () => tracing.shutdown());
  // The exit handler of bufferedLog flushes every buffered line, the shutdown's last one included.
  drainOnSignals(app, { deadlineMs: config.operations.shutdownDeadlineMs, log: app.log, exit: (code) => process.exit(code) });
  // A crash still leaves its reason, and every line before it, in the log (flushed at exit).
  process.once('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      database: `${context.database.dialect} ${context.database.location}`,
      mail: !mailWorker
        ? config.mail.worker
          ? 'queued, NOT delivered: set SMTP_URL (or DEV_OUTBOX=1 in development)'
          : 'queued only (MAIL_WORKER=0): another instance delivers'
        : config.smtpUrl
          ? 'SMTP'
          : 'dev outbox at GET /__dev/outbox',
      devOutbox: config.devOutbox ? 'on (GET /__dev/outbox shows every code: development only)' : 'off',
      captcha: context.captcha ? 'checked' : 'not checked (set RECAPTCHA_SECRET)',
      traces: tracing ? `OTLP to ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? ''}` : 'off (set OTEL_EXPORTER_OTLP_ENDPOINT)',
      shutdownDeadlineMs: config.operations.shutdownDeadlineMs,
    },
    'account-api ready',
  );
}

main().catch((error: unknown) => {
  console.error('account-api failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
