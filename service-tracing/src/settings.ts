// The tracing settings both services read (with their settings reader, then handed to
// startTracing), declared once and spread into each service's settings schema. Only erasable
// TypeScript and type imports: the settings generator loads the schemas with Node's own type stripping.
import type { ServiceSettingsSchema } from '@portal/service-settings';

export const TRACING_SETTINGS = {
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    doc: 'Traces over OTLP/HTTP to this collector (Grafana Tempo, Jaeger: `http://tempo:4318`); unset, no tracing code is loaded at all.',
    example: 'http://tempo:4318',
  },
  OTEL_TRACES_SAMPLER_ARG: {
    kind: 'number',
    max: 1,
    doc: 'Share of traces kept (0–1), decided on the trace id: set the same value on every part. Every trace (1) costs the hot path about as much again as the request.',
    default: '0.05',
  },
  OTEL_SERVICE_NAME: { doc: "The service's name in its spans.", defaultNote: 'the part’s name' },
  OTEL_BSP_SCHEDULE_DELAY: { kind: 'integer', doc: 'Milliseconds between span batch exports.', default: '5000' },
} as const satisfies ServiceSettingsSchema;
