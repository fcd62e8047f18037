// The page service as a Fastify app, not yet listening: `server.ts` runs it as a process,
// `index.ts` lets `npm start`, the e2e harness and the bench start it in-process. Each feature is
// a plugin that registers itself and decorates the app with its services: builds (which build a
// request sees), site (the renderer, its caches), telemetry (the collector, /metrics), page
// routes.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { activeTracing } from '@portal/service-tracing';
import { buildsPlugin } from './builds/builds-plugin';
import { pageRoutesPlugin } from './http/page-routes';
import { readPageServiceSettings, type PageServiceSettings } from './config/page-settings';
import { proxyTrustFrom } from './http/proxy-trust';
import type { PageCache } from './render/page-cache';
import type { SiteRenderer } from './render/site-renderer';
import { sitePlugin, type SiteOptions } from './site/site-plugin';
import { telemetryPlugin } from './telemetry/telemetry-plugin';

export interface PageServiceOptions extends SiteOptions {
  /** The settings as read (config/page-settings.ts); absent: every default. */
  settings?: PageServiceSettings;
  /** Also serve the shell's files (npm start, development); in production nginx does. */
  serveAssets?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/** A request id as nginx or another trusted hop sends it: short, plain characters only. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface PageService {
  app: FastifyInstance;
  renderer: SiteRenderer;
  cache: PageCache;
}

/** The app with every plugin loaded (not yet ready: a caller may still add hooks, as server.ts does). */
export async function buildPageService(options: PageServiceOptions): Promise<PageService> {
  const settings = options.settings ?? readPageServiceSettings({});
  const app = Fastify({
    logger: options.logger ?? false,
    // Forwarding headers only from the proxies in front (TRUST_PROXIES, TRUST_PROXY_HOPS).
    trustProxy: proxyTrustFrom(settings.TRUST_PROXIES, settings.TRUST_PROXY_HOPS),
    // One line per request is written by the access log of nginx; this service logs what went wrong.
    logController: new LogController({ disableRequestLogging: true }),
    // A path that is not valid percent-encoding: a clear 400, not Fastify's JSON error.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      void reply
        .code(400)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`Bad Request: ${error.code === 'FST_ERR_BAD_URL' ? 'malformed URL' : error.message}`);
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 2048 },
  });
  try {
    // With tracing on (server.ts), first: every request is a span continuing nginx's trace.
    const tracing = activeTracing();
    if (tracing) await app.register(tracing.fastifyPlugin);
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    await app.register(buildsPlugin, { overrideSecret: settings.RELEASE_OVERRIDE_SECRET });
    await app.register(sitePlugin, { ...options, configSettings: settings });
    await app.register(telemetryPlugin, { settings });
    await app.register(pageRoutesPlugin, { serveAssetsFrom: options.serveAssets ? options.shellDist : null });
  } catch (error) {
    // What the plugins loaded so far opened (timers, watchers) is closed before the error is told.
    await app.close().catch(() => undefined);
    throw error;
  }
  return { app, renderer: app.renderer, cache: app.pageCache };
}
