// Imported first by server.ts, so tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) starts before
// `pg` is loaded: its instrumentation wraps the module as it is required.
import { startApiTracing } from './tracing';

startApiTracing(process.env);
