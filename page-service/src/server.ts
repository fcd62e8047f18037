// `node page-service/dist/server.js`: the page service as production runs it, behind nginx
// (deploy/nginx.conf), one process per instance. Its settings are read here, once, from the
// environment (config/settings.ts; the reference is docs/settings.md), and handed down typed: no
// other module reads the environment. On SIGTERM it stops accepting, finishes what is in flight
// and exits within SHUTDOWN_DEADLINE_MS; after the deadline it exits anyway, saying so.
import path from 'node:path';
import { buildPageService } from './app';
import { readPageServiceSettings } from './config/page-settings';
import { PointerPoller } from './builds/pointer-poller';
import { traceLogFields } from '@portal/service-tracing';
import { startPageTracing } from './telemetry/tracing';

const repository = path.resolve(__dirname, '..', '..');
const resolved = (folder: string | null): string | undefined => (folder ? path.resolve(folder) : undefined);

async function main(): Promise<void> {
  // A bad value stops the start here, the message naming the setting.
  const settings = readPageServiceSettings(process.env);
  const shellDist = path.resolve(settings.SHELL_DIST ?? path.join(repository, 'shell', 'dist'));
  const deadlineMs = settings.SHUTDOWN_DEADLINE_MS;
  // OTEL_EXPORTER_OTLP_ENDPOINT set: spans go there over OTLP (decision 0059); unset: nothing starts.
  const tracing = startPageTracing(settings);
  // RELEASE_API_URL: the pointers come from the release service (polled), not a shared RELEASES_DIR.
  const poller = settings.RELEASE_API_URL
    ? new PointerPoller(settings.RELEASE_API_URL, settings.RELEASE_POLL_MS, (error) =>
        error ? console.error(`page-service: ${error.message}`) : console.log('page-service: release pointers polled again'),
      )
    : null;
  const { app, renderer } = await buildPageService({
    shellDist,
    prerenderDir: resolved(settings.PRERENDER_DIR),
    configFile: resolved(settings.CONFIG_FILE),
    settings,
    releasesDir: resolved(settings.RELEASES_DIR),
    pointerSource: poller ?? undefined,
    serveAssets: settings.SERVE_ASSETS,
    statsUrl: settings.PLAY_STATS_API_URL ?? undefined,
    // Errors and start/stop only, so written as they happen (nginx's access log has every request).
    // With tracing on, a line written during a request carries its trace and span ids.
    logger: { level: settings.LOG_LEVEL, ...(tracing ? { mixin: traceLogFields } : {}) },
  });
  // The spans still buffered are sent once the last request is answered.
  if (tracing) app.addHook('onClose', async () => tracing.shutdown());
  if (poller) {
    app.addHook('onClose', (_instance, done) => {
      poller.stop();
      done();
    });
    // The first poll before warming: the first pages name the released remotes.
    await poller.start();
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, deadlineMs }, 'draining: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.warn({ deadlineMs }, 'shutdown deadline passed: exiting with requests still open');
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    void app.close().then(() => {
      process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
  // The remotes' files fetched before listening, so the first pages are whole when they can be;
  // /readyz answers 200 only once every remote's files have answered (render/site-renderer.ts).
  await renderer.warm().catch((error: unknown) => app.log.warn({ err: error }, 'remote files not warmed'));
  // Loopback unless told: /metrics and the telemetry summary must not answer whoever can reach the host.
  await app.listen({ host: settings.HOST, port: settings.PORT });
  app.log.info(
    {
      shellDist,
      configFile: settings.CONFIG_FILE ?? 'shell dist',
      traces: tracing ? `OTLP to ${settings.OTEL_EXPORTER_OTLP_ENDPOINT ?? ''}` : 'off (set OTEL_EXPORTER_OTLP_ENDPOINT)',
    },
    'page service ready',
  );
}

main().catch((error: unknown) => {
  console.error('page-service failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
