import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { API_PATHS } from '@portal/shared-contracts/account';
import { logLines } from '../testing/log-lines';
import { bearer, signedInPlayer, startTestServer, type TestServer } from '../testing/test-server';
import { readSettings } from '@portal/service-settings';
import { activeTracing, REQUEST_SPANS_PLUGIN, traceLogFields } from '@portal/service-tracing';
import { TRACING_SETTINGS } from '@portal/service-tracing/settings';
import { startApiTracing } from './tracing';

// What nginx sends: a trace it started (from its request id) or one it was given.
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const EDGE_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${EDGE_SPAN_ID}-01`;

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let server: TestServer;
  const { lines, stream } = logLines();

  beforeAll(async () => {
    expect(startApiTracing(readSettings({}, TRACING_SETTINGS))).toBeNull();
    server = await startTestServer({ logLevel: 'info' }, { logger: true, logStream: stream });
  });
  afterAll(async () => server.app.close());

  it('starts no SDK: no tracer provider, no Fastify plugin, and log lines without trace fields', async () => {
    expect(activeTracing()).toBeNull();
    // The global API stays the no-op one: a span started through it records nothing.
    const span = trace.getTracer('probe').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    span.end();
    expect(server.app.hasPlugin(REQUEST_SPANS_PLUGIN)).toBe(false);
    expect(traceLogFields()).toEqual({});

    const { tokens } = await signedInPlayer(server.app);
    const answer = await server.app.inject({
      method: 'POST',
      url: API_PATHS.userInfo,
      headers: { ...bearer(tokens.access_token), traceparent: TRACEPARENT },
    });
    expect(answer.statusCode).toBe(200);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toHaveProperty('trace_id');
      expect(line).not.toHaveProperty('span_id');
    }
  });
});

describe('with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  const { lines, stream } = logLines();
  let server: TestServer;

  beforeAll(async () => {
    // As server.ts does, before the app (and its database) is built.
    expect(startApiTracing(readSettings({ OTEL_TRACES_SAMPLER_ARG: '1' }, TRACING_SETTINGS), exporter)).not.toBeNull();
    // SQLite's spans are this project's own (db/connect.ts), so this checks them on SQLite even in
    // the PostgreSQL run; the pg instrumentation's spans are checked through the edge (topology).
    server = await startTestServer({ logLevel: 'info', databaseUrl: null }, { logger: true, logStream: stream });
  });
  afterAll(async () => {
    await server.app.close();
    await activeTracing()?.shutdown();
  });
  beforeEach(() => {
    exporter.reset();
    lines.length = 0;
  });

  const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

  it("continues the edge's trace: the request's span under nginx's, the queries under it, the trace id in the log", async () => {
    const { player } = await signedInPlayer(server.app);
    exporter.reset();
    lines.length = 0;
    const answer = await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      headers: { traceparent: TRACEPARENT },
      payload: { username: player.email, password: player.password },
    });
    expect(answer.statusCode).toBe(200);

    const spans = spansOf(TRACE_ID);
    // Nothing of this request outside the trace nginx gave.
    expect(exporter.getFinishedSpans()).toHaveLength(spans.length);
    const request = spans.find((span) => span.name === 'request');
    expect(request).toBeDefined();
    expect(parentOf(request!)).toBe(EDGE_SPAN_ID);
    expect(request!.attributes['http.route']).toBe(API_PATHS.login);
    expect(request!.attributes['http.response.status_code']).toBe(200);
    // This service's name and its tracer's, as tracing-start.ts starts it.
    expect(request!.resource.attributes['service.name']).toBe('account-api');
    expect(request!.instrumentationScope.name).toBe('account-api');

    // Every span of the request descends from the request's span.
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    const underRequest = (span: ReadableSpan): boolean => {
      const parent = parentOf(span);
      if (parent === request!.spanContext().spanId) return true;
      const next = parent ? byId.get(parent) : undefined;
      return next ? underRequest(next) : false;
    };
    const queries = spans.filter((span) => span.attributes['db.system.name'] === 'sqlite');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every(underRequest)).toBe(true);
    expect(queries.map((span) => span.attributes['db.query.text']).join('\n')).toMatch(/from "users"/);
    // The statement as prepared, never a value that was bound to it.
    expect(JSON.stringify(queries.map((span) => span.attributes))).not.toContain(player.email);

    const requestLine = lines.find((line) => line.msg === 'request');
    expect(requestLine).toMatchObject({ trace_id: TRACE_ID });
    expect(byId.has(String(requestLine?.span_id))).toBe(true);
  });

  it("makes the hot path's read (get-user-info) a span of its request", async () => {
    const { tokens } = await signedInPlayer(server.app);
    exporter.reset();
    const answer = await server.app.inject({
      method: 'POST',
      url: API_PATHS.userInfo,
      headers: { ...bearer(tokens.access_token), traceparent: TRACEPARENT },
    });
    expect(answer.statusCode).toBe(200);
    const spans = spansOf(TRACE_ID);
    const read = spans.find((span) => String(span.attributes['db.query.text']).includes('from users u, sessions s'));
    expect(read).toBeDefined();
    expect(read!.name).toBe('SELECT sqlite');
    expect(spans.some((span) => span.name === 'request' && parentOf(span) === EDGE_SPAN_ID)).toBe(true);
  });

  it("makes the handler a span of the request's, and never records a query string", async () => {
    expect(server.app.hasPlugin(REQUEST_SPANS_PLUGIN)).toBe(true);
    const { tokens } = await signedInPlayer(server.app);
    exporter.reset();
    // update-password takes its passwords in the query string (product §7).
    const secret = 'Query-Secret#1';
    const answer = await server.app.inject({
      method: 'POST',
      url: `${API_PATHS.updatePassword}?old_password=${encodeURIComponent(secret)}&new_password=${encodeURIComponent(secret)}x`,
      headers: { ...bearer(tokens.access_token), traceparent: TRACEPARENT },
    });
    expect(answer.statusCode).toBeLessThan(500);
    const spans = spansOf(TRACE_ID);
    const request = spans.find((span) => span.name === 'request');
    expect(request?.attributes['url.path']).toBe(API_PATHS.updatePassword);
    const handler = spans.find((span) => span.name.startsWith('handler'));
    expect(handler).toBeDefined();
    expect(parentOf(handler!)).toBe(request!.spanContext().spanId);
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('Query-Secret');
  });

  it('starts a trace of its own for a request that came without traceparent', async () => {
    const answer = await server.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(answer.statusCode).toBe(200);
    const [request] = exporter.getFinishedSpans().filter((span) => span.name === 'request');
    expect(request).toBeDefined();
    expect(request!.spanContext().traceId).not.toBe(TRACE_ID);
    expect(parentOf(request!)).toBeUndefined();
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ trace_id: request!.spanContext().traceId });
  });

  it('writes no trace fields on a line outside any request', () => {
    expect(traceLogFields()).toEqual({});
  });
});

describe('with a share of traces kept (OTEL_TRACES_SAMPLER_ARG)', () => {
  const exporter = new InMemorySpanExporter();
  let server: TestServer;

  beforeAll(async () => {
    expect(startApiTracing(readSettings({ OTEL_TRACES_SAMPLER_ARG: '0.5' }, TRACING_SETTINGS), exporter)).not.toBeNull();
    server = await startTestServer({ logLevel: 'silent' }, { logger: false });
  });
  afterAll(async () => {
    await server.app.close();
    await activeTracing()?.shutdown();
  });

  it('keeps the traces whose id falls in the share, whatever nginx started, and no span of the others', async () => {
    // The decision is the trace id's (the SDK's ratio sampler), so the page service, deciding
    // alike, keeps the same traces: one of these two is in the half, the other is not (that the
    // sampler says so is checked in service-tracing/src/tracing.test.ts).
    const kept = '4bf92f3577b34da6a3ce929dffffffff';
    const dropped = '4bf92f3577b34da6a3ce929d00000001';
    for (const traceId of [kept, dropped]) {
      const answer = await server.app.inject({
        method: 'GET',
        url: API_PATHS.health,
        headers: { traceparent: `00-${traceId}-${EDGE_SPAN_ID}-01` },
      });
      expect(answer.statusCode).toBe(200);
    }
    const traces = new Set(exporter.getFinishedSpans().map((span) => span.spanContext().traceId));
    expect([...traces]).toEqual([kept]);
  });
});
