// account-api's part of tracing (decision 0059): the setup both services share (service-tracing)
// plus the database's spans: PostgreSQL's through its instrumentation, SQLite's made here
// (db/traced-sqlite.ts). The instrumentation's packages are required only once tracing starts.
import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';
import type * as Instrumentation from '@opentelemetry/instrumentation';
import type * as PgInstrumentation from '@opentelemetry/instrumentation-pg';
import type * as SdkTrace from '@opentelemetry/sdk-trace';
import { endSpanWith, startTracing, type Tracing, type TracingSettings } from '@portal/service-tracing';

const load = createRequire(__filename);

/** PostgreSQL queries (Kysely's and the prepared reads of db/auth-lookup.ts) as CLIENT spans. */
function instrumentPostgres(): () => void {
  const { registerInstrumentations } = load('@opentelemetry/instrumentation') as typeof Instrumentation;
  const { PgInstrumentation: Pg } = load('@opentelemetry/instrumentation-pg') as typeof PgInstrumentation;
  return registerInstrumentations({
    instrumentations: [new Pg({ requireParentSpan: true, enhancedDatabaseReporting: false })],
  });
}

/**
 * Starts the API's tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an exporter);
 * null otherwise. Must run before `pg` is first required: its instrumentation wraps the module as
 * it loads (server.ts imports ./tracing-start first for that reason).
 */
export function startApiTracing(settings: TracingSettings, exporter?: SdkTrace.SpanExporter): Tracing | null {
  return startTracing({
    settings,
    load,
    serviceName: 'account-api',
    instrument: instrumentPostgres,
    ...(exporter ? { exporter } : {}),
  });
}

/** What a query's span is named and says: the statement as sent (placeholders, never the values). */
export function querySpanAttributes(
  system: 'sqlite' | 'postgresql',
  sql: string,
): { name: string; attributes: OtelApi.Attributes } {
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
  return {
    name: `${operation} ${system}`,
    attributes: { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': sql },
  };
}

/**
 * Runs `run` (a query) inside a CLIENT span under the request's span; a query outside any request
 * (migrations, the purge job) makes no span, as the PostgreSQL instrumentation does not either.
 */
export function inQuerySpan<T>(tracing: Tracing, system: 'sqlite' | 'postgresql', sql: string, run: () => T): T {
  const { api } = tracing;
  const parent = api.context.active();
  if (!api.trace.getSpan(parent)) return run();
  const { name, attributes } = querySpanAttributes(system, sql);
  const span = tracing.tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, parent);
  return endSpanWith(api, span, run);
}
