// The page service as a Fastify app, not yet listening: `server.ts` runs it as a process,
// `index.ts` lets `npm start`, the e2e harness and the bench start it in-process.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { staticFiles } from './assets/static-folder';
import { ConfigSource } from './config/config-source';
import type { ConfigOverrides } from './config/runtime-config';
import { isPageRequest, registerPageRoutes } from './http/page-routes';
import { proxyTrustFrom } from './http/proxy-trust';
import { registerOverrideLink } from './overrides/override-link';
import { overrideSecretFrom } from './overrides/override-token';
import { defaultSelectors, ReleaseSteering } from './releases/release-steering';
import { PageCache } from './render/page-cache';
import { ShellBuild } from './render/shell-build';
import { SiteRenderer } from './render/site-renderer';
import { GameStatsSource } from './sources/game-stats';
import { RemoteFiles } from './sources/remote-files';
import { telemetryPlugin } from './telemetry/telemetry-plugin';
import { activeTracing } from 'service-tracing';
import type { PointerSource } from './releases/pointer-poller';

export interface PageServiceOptions {
  /** The shell's build (index.html, mf-manifest.json, its stylesheet). */
  shellDist: string;
  /** The shell's pre-renderer build (default: shellDist/../dist-prerender). */
  prerenderDir?: string | undefined;
  /** The runtime config file (default: shellDist/config.json). */
  configFile?: string | undefined;
  /** Fields set over the config file (npm start: the ports it chose). */
  overrides?: ConfigOverrides;
  /** Where `<REMOTE>_URL`, ACCOUNT_API_URL and RECAPTCHA_SITE_KEY are read (default: none). */
  env?: NodeJS.ProcessEnv;
  /** scripts/release.mjs's folder, whose pointers repoint remotes live. */
  releasesDir?: string | undefined;
  /** The release service's pointers (polled), in place of releasesDir's file: see releases/pointer-poller.ts. */
  pointerSource?: PointerSource | undefined;
  /** Also serve the shell's files (npm start, development); in production nginx does. */
  serveAssets?: boolean;
  /** Where to read the API's stats snapshot when the site's accountApiUrl is not reachable from here. */
  statsUrl?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

/** A request id as nginx or another trusted hop sends it: short, plain characters only. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface PageService {
  app: FastifyInstance;
  renderer: SiteRenderer;
  cache: PageCache;
}

export function buildPageService(options: PageServiceOptions): PageService {
  const app = Fastify({
    logger: options.logger ?? false,
    // Forwarding headers only from the proxies in front (TRUST_PROXIES, TRUST_PROXY_HOPS).
    trustProxy: proxyTrustFrom(options.env ?? {}),
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
  // With tracing on (server.ts), first: every request is a span continuing nginx's trace.
  const tracing = activeTracing();
  if (tracing) void app.register(tracing.fastifyPlugin);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const remoteFiles = new RemoteFiles();
  const gameStats = new GameStatsSource();
  const cache = new PageCache();
  const configs = new ConfigSource(
    {
      configFile: options.configFile ?? path.join(options.shellDist, 'config.json'),
      overrides: options.overrides ?? {},
      env: options.env ?? {},
      releasesDir: options.releasesDir,
    },
    (error) => app.log.error({ err: error }, 'config unreadable: keeping the last good one'),
    options.pointerSource ?? null,
  );
  const renderer = new SiteRenderer({
    shell: new ShellBuild(options.shellDist, options.prerenderDir),
    configs,
    remoteFiles,
    gameStats,
    statsUrl: options.statsUrl,
    cache,
    steering: new ReleaseSteering(defaultSelectors(options.env ?? {})),
    log: app.log,
  });
  // The current config's remote files (every remote's, its canary's too) stay fetched and
  // refreshed, whichever pages are asked for: a page is whole, and so cacheable by nginx, only
  // once every remote's files have answered (render/site-renderer.ts), and after a release is
  // pointed a page of one remote must not wait for another remote's page to fetch its files.
  const warming = setInterval(() => {
    renderer.warm().catch((error: unknown) => app.log.warn({ err: error }, 'remote files not warmed'));
  }, 1_000);
  warming.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(warming);
    remoteFiles.close();
    gameStats.close();
    done();
  });
  void app.register(telemetryPlugin, { renderer, cache, env: options.env ?? {} });
  registerOverrideLink(app, {
    secret: overrideSecretFrom(options.env ?? {}),
    config: () => renderer.config(),
    isPage: isPageRequest,
  });
  registerPageRoutes(app, { renderer, cache, files: options.serveAssets ? staticFiles(options.shellDist) : null });
  return { app, renderer, cache };
}
