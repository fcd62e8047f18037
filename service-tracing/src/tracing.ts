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
import os from 'node:os';
import type { SettingValues } from '@portal/service-settings';
import type { FastifyPluginCallback } from 'fastify';
import { requestSpans } from './request-spans';
import { TRACING_SETTINGS } from './settings';

/** The OTEL_ settings (settings.ts) as the service's settings reader read them. */
export type TracingSettings = SettingValues<typeof TRACING_SETTINGS>;

export interface TracingOptions {
  settings: TracingSettings;
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

/**
 * One trace in 20 unless told: every trace would cost the API's hot path about as much again as
 * the request itself (decision 0060); a test or a quiet site sets 1.
 */
export const DEFAULT_TRACE_SHARE = Number(TRACING_SETTINGS.OTEL_TRACES_SAMPLER_ARG.default);

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an exporter); null
 * otherwise. Once started, a second call gives the tracing already running.
 */
export function startTracing(options: TracingOptions): Tracing | null {
  if (active) return active;
  const { load, settings } = options;
  if (!options.exporter && !settings.OTEL_EXPORTER_OTLP_ENDPOINT) return null;

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
  // OTEL_TRACES_SAMPLER_ARG: the share of traces kept, 0 to 1 (the reader refuses any other).
  const share = settings.OTEL_TRACES_SAMPLER_ARG;
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
        scheduledDelayMillis: settings.OTEL_BSP_SCHEDULE_DELAY,
      });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.OTEL_SERVICE_NAME ?? options.serviceName,
      // Unique per process wherever it runs (a pod's process is often pid 1).
      'service.instance.id': `${process.pid}@${os.hostname()}`,
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
