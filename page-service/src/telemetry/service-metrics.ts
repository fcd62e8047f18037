// The page service's Prometheus metrics, in one registry per app: the process's own (event-loop
// lag, memory, GC), requests by route pattern and status, the page cache and render time, the
// client telemetry the collector takes in (per part, build id and route), and for alerts the
// edge's certificate expiry (the release history's actions are the release service's /metrics).
// Prometheus's conventions: counts are counters (`_total`), times are seconds, a label's values
// add up to a whole.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routePatternOf } from '@portal/shared-contracts/telemetry';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPageRequest } from '../http/page-routes';
import type { PageCache } from '../render/page-cache';
import { certificateExpiryGauge } from '../operations/certificate-probe';

/** Vitals in seconds: INP's good limit is 0.2 s, LCP's 2.5 s. */
const VITAL_BUCKETS = [0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.5, 2, 2.5, 3, 4, 5, 8, 12, 20];
const CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const RENDER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** The route label of a request: Fastify's pattern, or for pages the site's route pattern. */
export function routeLabelOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'other';
  if (pattern !== '/*') return pattern;
  const pathname = request.url.split('?')[0] ?? '/';
  return isPageRequest(request.method, pathname, request.headers.accept) ? `page ${routePatternOf(pathname)}` : 'file';
}

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly views: Counter<'remote' | 'version' | 'route'>;
  readonly errors: Counter<'remote' | 'version' | 'route' | 'kind'>;
  /** Vitals as beacons carry them, in ms; kept in telemetry_web_vital_seconds. */
  readonly vitalsMs: { observe(labels: Record<'remote' | 'version' | 'route' | 'name', string>, ms: number): void };
  readonly cls: Histogram<'remote' | 'version' | 'route'>;
  readonly refused: Counter<'reason'>;

  /** `certProbeUrls`: CERT_PROBE_URLS (the edge's https addresses). */
  constructor(cache: PageCache, certProbeUrls: readonly string[] = []) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.views = new Counter({
      name: 'telemetry_page_views_total',
      help: 'Pages shown in browsers (sampled at the error rate, so errors per view stay unbiased)',
      labelNames: ['remote', 'version', 'route'],
      registers,
    });
    this.errors = new Counter({
      name: 'telemetry_client_errors_total',
      help: 'Client errors reported by browsers, by part, build id, route pattern and kind',
      labelNames: ['remote', 'version', 'route', 'kind'],
      registers,
    });
    const vitals = new Histogram({
      name: 'telemetry_web_vital_seconds',
      help: 'Web Vitals in seconds (LCP, INP, FCP, TTFB), sampled',
      labelNames: ['remote', 'version', 'route', 'name'],
      buckets: VITAL_BUCKETS,
      registers,
    });
    this.vitalsMs = { observe: (labels, ms) => vitals.observe(labels, ms / 1000) };
    this.cls = new Histogram({
      name: 'telemetry_cls',
      help: 'Cumulative Layout Shift per page, sampled',
      labelNames: ['remote', 'version', 'route'],
      buckets: CLS_BUCKETS,
      registers,
    });
    this.refused = new Counter({
      name: 'telemetry_beacons_refused_total',
      help: 'Beacons refused by the collector (invalid, too large, rate-limited, cross-site)',
      labelNames: ['reason'],
      registers,
    });
    // The cache keeps its own counts; the counter mirrors them at each scrape (they only grow).
    new Counter({
      name: 'page_cache_lookups_total',
      help: 'Page cache lookups by result: hit (a kept copy) or miss (rendered); hit ratio = rate(hit) / rate(all)',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, cache.hits);
        this.inc({ result: 'miss' }, cache.misses);
      },
    });
    new Gauge({
      name: 'page_cache_entries',
      help: 'Pages kept in the page cache',
      registers,
      collect() {
        this.set(cache.size);
      },
    });
    const render = new Histogram({
      name: 'page_render_seconds',
      help: 'CPU time of each page render (a cache miss)',
      buckets: RENDER_BUCKETS,
      registers,
    });
    cache.onRendered = (page) => render.observe(page.renderMs / 1000);
    if (certProbeUrls.length > 0) certificateExpiryGauge(certProbeUrls, registers);
  }

  /** Counts and times every request by route pattern, method and status. */
  instrument(app: FastifyInstance): void {
    const registers = [this.registry];
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    app.addHook('onResponse', (request, reply, done) => {
      const labels = { route: routeLabelOf(request), method: request.method, status: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }
}
