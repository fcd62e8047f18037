// `node page-service/dist/server.js`: the page service as production runs it, behind nginx
// (deploy/nginx.conf), one process per instance. Settings come from the environment
// (config/settings.ts; the reference is docs/settings.md). On SIGTERM it stops accepting, finishes what is in flight and exits within
// SHUTDOWN_DEADLINE_MS; after the deadline it exits anyway, saying so.
import path from 'node:path';
import { buildPageService } from './app';
import { pageServiceDefault } from './config/settings';
import { PointerPoller } from './builds/pointer-poller';
import { traceLogFields } from '@portal/service-tracing';
import { startPageTracing } from './telemetry/tracing';

const env = process.env;
const repository = path.resolve(__dirname, '..', '..');
const shellDist = path.resolve(env.SHELL_DIST ?? path.join(repository, 'shell', 'dist'));
const deadlineMs = Number(env.SHUTDOWN_DEADLINE_MS ?? pageServiceDefault('SHUTDOWN_DEADLINE_MS'));

async function main(): Promise<void> {
  // OTEL_EXPORTER_OTLP_ENDPOINT set: spans go there over OTLP (decision 0059); unset: nothing starts.
  const tracing = startPageTracing(env);
  // RELEASE_API_URL: the pointers come from the release service (polled), not a shared RELEASES_DIR.
  const pollMs = Number(env.RELEASE_POLL_MS ?? pageServiceDefault('RELEASE_POLL_MS'));
  if (!(Number.isInteger(pollMs) && pollMs >= 100)) {
    console.error(
      `page-service: RELEASE_POLL_MS must be a whole number of milliseconds, at least 100, not "${env.RELEASE_POLL_MS}"`,
    );
    process.exit(1);
  }
  const poller = env.RELEASE_API_URL
    ? new PointerPoller(env.RELEASE_API_URL, pollMs, (error) => console.error(`page-service: ${error.message}`))
    : null;
  const { app, renderer } = await buildPageService({
    shellDist,
    prerenderDir: env.PRERENDER_DIR ? path.resolve(env.PRERENDER_DIR) : undefined,
    configFile: env.CONFIG_FILE ? path.resolve(env.CONFIG_FILE) : undefined,
    env,
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : undefined,
    pointerSource: poller ?? undefined,
    serveAssets: env.SERVE_ASSETS === '1',
    statsUrl: env.PLAY_STATS_API_URL || undefined,
    // Errors and start/stop only, so written as they happen (nginx's access log has every request).
    // With tracing on, a line written during a request carries its trace and span ids.
    logger: { level: env.LOG_LEVEL ?? pageServiceDefault('LOG_LEVEL'), ...(tracing ? { mixin: traceLogFields } : {}) },
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
  await app.listen({ host: env.HOST ?? pageServiceDefault('HOST'), port: Number(env.PORT ?? pageServiceDefault('PORT')) });
  app.log.info(
    {
      shellDist,
      configFile: env.CONFIG_FILE ?? 'shell dist',
      traces: tracing ? `OTLP to ${env.OTEL_EXPORTER_OTLP_ENDPOINT ?? ''}` : 'off (set OTEL_EXPORTER_OTLP_ENDPOINT)',
    },
    'page service ready',
  );
}

main().catch((error: unknown) => {
  console.error('page-service failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
