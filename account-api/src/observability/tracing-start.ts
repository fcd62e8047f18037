// Imported first by server.ts, so tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) starts before
// `pg` is loaded: its instrumentation wraps the module as it is required.
// The OTEL_ settings are read here, by the settings' reader (the config reads every other one).
import { readSettings } from '@portal/service-settings';
import { TRACING_SETTINGS } from '@portal/service-tracing/settings';
import { startApiTracing } from './tracing';

startApiTracing(readSettings(process.env, TRACING_SETTINGS));
