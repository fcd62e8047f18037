// The page service as a library, for what starts it in-process: `npm start` (scripts/start.mjs),
// the e2e harness and the bench. Production runs dist/server.js instead.
import { buildPageService, type PageServiceOptions } from './app';

export { startStaticFolder } from './assets/static-folder';
export { configOverridesFromEnv } from './config/runtime-config';
export { buildPageService } from './app';

/** Builds the service and listens; close() stops it. */
export async function startPageService(
  options: PageServiceOptions & { port: number; host?: string },
): Promise<{ close: () => Promise<void> }> {
  const { app, renderer } = buildPageService(options);
  await renderer.warm().catch(() => undefined);
  await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  return { close: () => app.close() };
}
