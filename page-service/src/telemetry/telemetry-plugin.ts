// The site's telemetry, as one Fastify plugin of the page service (decision 0035): the collector
// the shell's beacons reach at the site's own origin (POST /__telemetry), the release summary the
// release watcher and `npm run telemetry` read (GET /__telemetry/summary?minutes=N), and the
// service's Prometheus metrics (GET /metrics). The last two are for operators: nginx answers 404
// for them at the public server; Prometheus and the watcher ask each instance on its own port.
import fastifyPlugin from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Gauge } from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OTHER_LABEL, TELEMETRY_LIMITS, TELEMETRY_PATH, type TelemetryBatch } from '@portal/shared-contracts/telemetry';
import { carriesSteeringCookie } from '../builds/which-build';
import type { PageServiceSettings } from '../config/page-settings';
import { BEACON_SCHEMA, beaconValidator } from './beacon-schema';
import { KnownLabels } from './known-labels';
import { fromTheSite } from './same-site';
import { clientOf, MAX_WINDOW_MINUTES, ReleaseWindow } from './release-window';
import { ServiceMetrics } from './service-metrics';

/**
 * The site's renderer (`app.renderer`) and page cache (`app.pageCache`) come from the site plugin,
 * which build a visitor sees (`app.whichBuild`) from the builds plugin.
 */
export interface TelemetryOptions {
  settings: Pick<
    PageServiceSettings,
    'TELEMETRY_LOG_SAMPLE' | 'TELEMETRY_BEACON_BURST' | 'TELEMETRY_BEACONS_PER_SECOND' | 'CERT_PROBE_URLS'
  >;
  now?: () => number;
  /** Clients whose beacon counts are kept at most; beyond, those unused for longest are forgotten. */
  maxClients?: number;
}

/** The release watcher's longest window (scripts/releases/canary-watch.mjs, --minutes 10). */
const WATCH_WINDOW_MINUTES = 10;

const refuse = (reply: FastifyReply, status: number, detail: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ detail });

/** What the rate limit throws past a client's allowance; the collector's error handler answers it. */
class TooManyReports extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterS: number) {
    super('too many reports');
  }
}

/** The query of the summary: a window of 1 to MAX_WINDOW_MINUTES whole minutes (15 when absent). */
const SUMMARY_QUERY = {
  type: 'object',
  properties: { minutes: { type: 'string', pattern: '^[0-9]{1,2}$' } },
} as const;

async function telemetry(app: FastifyInstance, options: TelemetryOptions): Promise<void> {
  const { settings } = options;
  const { renderer, pageCache } = app;
  const now = options.now ?? Date.now;
  const logSample = settings.TELEMETRY_LOG_SAMPLE;
  // A burst at once, then the steady rate: `burst` beacons per window of burst/rate seconds.
  const burst = settings.TELEMETRY_BEACON_BURST;
  const perSecond = settings.TELEMETRY_BEACONS_PER_SECOND;
  const beaconLimit = {
    max: burst,
    timeWindow: Math.max(1, Math.round((burst / perSecond) * 1000)),
    // Clients whose counts are kept (a route's own store: the plugin's option does not reach it).
    cache: options.maxClients ?? 100_000,
  };
  const metrics = new ServiceMetrics(pageCache, settings.CERT_PROBE_URLS ?? []);
  metrics.instrument(app);
  const labels = new KnownLabels(() => renderer.buildsInUse(), now);
  const window = new ReleaseWindow(now);
  // The watcher's sample for Prometheus too: counters cannot tell clients apart.
  new Gauge({
    name: 'telemetry_release_clients',
    help: `Distinct clients that reported a view (kind="views") or an error (kind="errors") of a release in the last ${WATCH_WINDOW_MINUTES} minutes`,
    labelNames: ['remote', 'version', 'kind'],
    registers: [metrics.registry],
    collect() {
      this.reset();
      for (const release of window.summary(WATCH_WINDOW_MINUTES).releases) {
        this.set({ remote: release.remote, version: release.version, kind: 'views' }, release.clients);
        this.set({ remote: release.remote, version: release.version, kind: 'errors' }, release.clientsWithErrors);
      }
    },
  });

  /**
   * The build ids of the releases this visitor is steered onto, by remote (a canary cohort's, a
   * preview override's), as the one step that decides which build a request sees chose them from
   * the visitor's own cookies: any instance knows them, whichever drew the visitor's page.
   */
  const steeredBuilds = async (request: FastifyRequest): Promise<Record<string, string>> => {
    // Without a steering cookie nothing steers them: a canary would only draw them anew, at random.
    if (!carriesSteeringCookie(request)) return {};
    const { selection } = await app.whichBuild(request, false);
    return renderer.buildIdsOf(selection.remotes);
  };

  /** `steered`: the builds this visitor's cookies steer them onto, by remote (a preview's too). */
  const record = ({ route: rawRoute, events }: TelemetryBatch, steered: Readonly<Record<string, string>>, client: string) => {
    const route = labels.route(rawRoute);
    for (const event of events) {
      const remote = labels.part(event.part);
      const version =
        remote === OTHER_LABEL ? OTHER_LABEL : steered[remote] === event.build ? event.build : labels.build(remote, event.build);
      if (event.type === 'view') {
        metrics.views.inc({ remote, version, route });
        window.view(remote, version, client);
      } else if (event.type === 'error') {
        metrics.errors.inc({ remote, version, route, kind: event.kind });
        window.error(remote, version, client);
      } else if (window.vital(remote, version, event.name, event.value, client)) {
        // Prometheus's histograms take the same values as the window: a client's first per minute.
        if (event.name === 'CLS') metrics.cls.observe({ remote, version, route }, event.value);
        else metrics.vitalsMs.observe({ remote, version, route, name: event.name }, event.value);
      }
    }
  };

  app.get('/metrics', async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });

  app.get<{ Querystring: { minutes?: string } }>(
    `${TELEMETRY_PATH}/summary`,
    { schema: { querystring: SUMMARY_QUERY }, attachValidation: true },
    async (request, reply) => {
      const minutes = request.validationError ? NaN : Number(request.query.minutes ?? '15');
      if (!(minutes >= 1 && minutes <= MAX_WINDOW_MINUTES))
        return refuse(reply, 400, `minutes must be a whole number from 1 to ${MAX_WINDOW_MINUTES}`);
      await labels.refresh();
      return reply.header('cache-control', 'no-store').send(window.summary(minutes));
    },
  );

  // The beacon route in its own scope: its body parser, limit and error answers are its own.
  await app.register(async (collector) => {
    collector.removeAllContentTypeParsers();
    // sendBeacon sends text/plain (no CORS preflight anywhere); any type is read as JSON text.
    collector.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: TELEMETRY_LIMITS.maxBodyBytes },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(Object.assign(new Error('not JSON'), { statusCode: 400, code: 'TELEMETRY_NOT_JSON' }), undefined);
        }
      },
    );
    // Another site's beacon is refused before it spends anything, its visitor's allowance included.
    collector.addHook('onRequest', async (request, reply) => {
      if (fromTheSite(request.headers, request.host, (await renderer.config()).config.brands)) return;
      metrics.refused.inc({ reason: 'cross-site' });
      return refuse(reply, 403, 'reports are taken from the site’s own pages only');
    });
    // Per client as the trusted proxies name it (request.ip, http/proxy-trust.ts; the plugin's
    // own key counts an IPv6 /64 as one client, as the release window does), before the body is read.
    await collector.register(rateLimit, {
      global: false,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      onExceeded: () => metrics.refused.inc({ reason: 'rate-limited' }),
      errorResponseBuilder: (_request, context) => new TooManyReports(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    collector.setErrorHandler((error: Error & { code?: string; validation?: unknown }, _request, reply) => {
      if (error instanceof TooManyReports)
        return refuse(reply.header('retry-after', String(error.retryAfterS)), 429, 'too many reports');
      const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
      metrics.refused.inc({ reason: tooLarge ? 'too-large' : 'invalid' });
      if (tooLarge) return refuse(reply, 400, 'report too large');
      if (error.validation) return refuse(reply, 400, 'report does not match the telemetry schema');
      return refuse(reply, 400, 'report is not valid JSON');
    });
    collector.post<{ Body: TelemetryBatch }>(
      TELEMETRY_PATH,
      {
        bodyLimit: TELEMETRY_LIMITS.maxBodyBytes,
        schema: BEACON_SCHEMA,
        validatorCompiler: beaconValidator,
        config: { rateLimit: beaconLimit },
      },
      async (request, reply) => {
        const batch = request.body;
        await labels.refresh();
        // The beacon is same-origin, so it carries the visitor's steering cookies.
        record(batch, await steeredBuilds(request), clientOf(request.ip));
        // Raw reports, a sample of them: JSON lines (pino escapes every string), never labels.
        if (logSample > 0 && Math.random() < logSample) request.log.info({ telemetry: batch }, 'client telemetry');
        return reply.code(204).header('cache-control', 'no-store').send();
      },
    );
  });
}

/** Registered once at the root, so its request metrics see every route of the service. */
export const telemetryPlugin = fastifyPlugin(telemetry, {
  name: 'telemetry',
  fastify: '5.x',
  dependencies: ['site', 'builds'],
});
