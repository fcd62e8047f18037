// Traces (decision 0059): nginx starts or continues a W3C trace context and sends `traceparent`;
// a service continues it when OTEL_EXPORTER_OTLP_ENDPOINT is set, and exports its spans there
// over OTLP (http/json). Unset, nothing here is loaded: no SDK, no plugin, no log mixin. The SDK's
// packages are required only once tracing starts (through the service's `load`), so a run
// without an endpoint never even reads them from disk.
import type * as OtelApi from '@opentelemetry/api';
import type * as AsyncHooks from '@opentelemetry/context-async-hooks';
import type * as OtelCore from '@opentelemetry/core';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as SdkTrace from '@opentelemetry/sdk-trace';
import type { FastifyPluginCallback } from 'fastify';
import { requestSpans } from './request-spans';
import { TRACING_SETTINGS } from './settings';

export interface TracingOptions {
  env: NodeJS.ProcessEnv;
  /**
   * The service's own require (`createRequire(__filename)`): the SDK's packages are the service's
   * dependencies, at the versions its package.json pins, wherever this workspace's source lies.
   */
  load: NodeJS.Require;
  /** The `service.name` spans carry when OTEL_SERVICE_NAME does not say. */
  serviceName: string;
  /** Tests: spans go here, one at a time as each ends, instead of batched to the OTLP endpoint. */
  exporter?: SdkTrace.SpanExporter;
  /**
   * A service's own instrumentations (account-api's PostgreSQL client), registered once the
   * tracer provider is; returns what unregisters them at shutdown.
   */
  instrument?: () => () => void;
}

export interface Tracing {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  /** Registered first on the app: a SERVER span per request, continuing the incoming `traceparent`. */
  fastifyPlugin: FastifyPluginCallback;
  /** Exports what is buffered, then stops (the server calls it while it drains). */
  shutdown(): Promise<void>;
}

let active: Tracing | null = null;

/** The tracing this process started, or null when it runs without (no endpoint set). */
export function activeTracing(): Tracing | null {
  return active;
}

/** Whole milliseconds from OTEL_BSP_SCHEDULE_DELAY (the SDK's own name for it), else the SDK's 5 s. */
function scheduleDelay(env: NodeJS.ProcessEnv): number | undefined {
  const value = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * One trace in 20 unless told: every trace would cost the API's hot path about as much again as
 * the request itself (decision 0060); a test or a quiet site sets 1.
 */
export const DEFAULT_TRACE_SHARE = Number(TRACING_SETTINGS.OTEL_TRACES_SAMPLER_ARG.default);

/** The share of traces kept, 0 to 1 (OTEL_TRACES_SAMPLER_ARG), else DEFAULT_TRACE_SHARE. */
export function sampledShare(env: NodeJS.ProcessEnv): number {
  const value = Number(env.OTEL_TRACES_SAMPLER_ARG ?? DEFAULT_TRACE_SHARE);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : DEFAULT_TRACE_SHARE;
}

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an exporter); null
 * otherwise. Once started, a second call gives the tracing already running.
 */
export function startTracing(options: TracingOptions): Tracing | null {
  if (active) return active;
  const endpoint = options.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.exporter && !endpoint) return null;
  const { load } = options;

  const api = load('@opentelemetry/api') as typeof OtelApi;
  const {
    TracerProvider,
    BatchSpanProcessor,
    SimpleSpanProcessor,
    ParentBasedSampler,
    AlwaysOnSampler,
    TraceIdRatioBasedSampler,
    SamplingDecision,
  } = load('@opentelemetry/sdk-trace') as typeof SdkTrace;
  // Which traces are kept is decided once per request, before any span (request-spans.ts):
  // on the trace id when a parent sent one, so every part keeps the same traces; by chance
  // otherwise. The SDK's sampler then keeps every span under a kept request.
  const share = sampledShare(options.env);
  const ratio = new TraceIdRatioBasedSampler(share);
  const keeps = (traceId: string | null) =>
    traceId === null
      ? Math.random() < share
      : ratio.shouldSample(api.ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED;
  const { AsyncLocalStorageContextManager } = load('@opentelemetry/context-async-hooks') as typeof AsyncHooks;
  const { W3CTraceContextPropagator } = load('@opentelemetry/core') as typeof OtelCore;
  const { resourceFromAttributes } = load('@opentelemetry/resources') as typeof Resources;

  const processor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({
        // The exporter reads the endpoint (adding /v1/traces) and OTEL_EXPORTER_OTLP_HEADERS itself.
        exporter: new (load('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp).OTLPTraceExporter(),
        scheduledDelayMillis: scheduleDelay(options.env),
      });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.env.OTEL_SERVICE_NAME || options.serviceName,
      'service.instance.id': `${process.pid}@${options.env.PORT ?? 'default'}`,
    }),
    spanProcessors: [processor],
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contextManager);
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);

  const unregister = options.instrument?.();
  const tracer = provider.getTracer(options.serviceName);

  active = {
    api,
    tracer,
    // One span per request and one per route handler of a kept trace (request-spans.ts).
    fastifyPlugin: requestSpans({ api, tracer, keeps }),
    shutdown: async () => {
      unregister?.();
      await provider.shutdown();
      contextManager.disable();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
      active = null;
    },
  };
  return active;
}

/**
 * The pino mixin: the trace and span ids of the span in progress, so a log line is found from a
 * trace and the other way round. Installed only while tracing runs.
 */
export function traceLogFields(): Record<string, string> {
  const tracing = active;
  const span = tracing ? tracing.api.trace.getSpan(tracing.api.context.active()) : undefined;
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
