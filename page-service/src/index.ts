// The page service as a library, for what starts it in-process: `npm start` (scripts/start.mjs),
// the e2e harness and the bench. Production runs dist/server.js instead.
import { buildPageService, type PageServiceOptions } from './app';

export { startStaticFolder } from './assets/static-folder';
export { configOverridesFrom } from './config/runtime-config';
export { readPageServiceSettings } from './config/page-settings';
export { buildPageService } from './app';
// For the collector bench: a scrape with every label set the collector may make.
export { PageCache } from './render/page-cache';
export { ServiceMetrics } from './telemetry/service-metrics';
export { ERROR_KINDS, OTHER_LABEL, TELEMETRY_ROUTES, VITAL_NAMES } from '@portal/shared-contracts/telemetry';

/** Builds the service and listens; close() stops it. */
export async function startPageService(
  options: PageServiceOptions & { port: number; host?: string },
): Promise<{ close: () => Promise<void> }> {
  const { app, renderer } = await buildPageService(options);
  await renderer.warm().catch(() => undefined);
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  return { close: () => app.close() };
}
