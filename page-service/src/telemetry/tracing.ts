// The page service's tracing (decision 0059): the setup both services share (service-tracing),
// with this service's name and its own copy of the SDK (its package.json's dependencies).
import { createRequire } from 'node:module';
import type * as SdkTrace from '@opentelemetry/sdk-trace';
import { startTracing, type Tracing, type TracingSettings } from '@portal/service-tracing';

const load = createRequire(__filename);

/** Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an exporter); null otherwise. */
export function startPageTracing(settings: TracingSettings, exporter?: SdkTrace.SpanExporter): Tracing | null {
  return startTracing({ settings, load, serviceName: 'page-service', ...(exporter ? { exporter } : {}) });
}
