import { createRequire } from 'node:module';
import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SamplingDecision, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace';
import Fastify, { type FastifyPluginCallback } from 'fastify';
import { REQUEST_SPANS_PLUGIN } from './request-spans';
import { readSettings } from '@portal/service-settings';
import { TRACING_SETTINGS } from './settings';
import { activeTracing, DEFAULT_TRACE_SHARE, startTracing, traceLogFields } from './tracing';

const load = createRequire(__filename);
/** The tracing settings as a service's reader reads them from this environment. */
const settingsOf = (env: NodeJS.ProcessEnv) => readSettings(env, TRACING_SETTINGS);
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const EDGE_SPAN_ID = '00f067aa0ba902b7';
const traceparent = (traceId: string, flags = '01') => `00-${traceId}-${EDGE_SPAN_ID}-${flags}`;

/** A small app as a service builds one: the plugin first, then its routes. */
async function appWith(plugin: FastifyPluginCallback) {
  const app = Fastify({ logger: false });
  await app.register(plugin);
  const fields: Record<string, string>[] = [];
  app.get('/things/:id', async () => {
    fields.push(traceLogFields());
    await Promise.resolve();
    return { ok: true };
  });
  app.post('/fail', async () => {
    await Promise.resolve();
    throw new Error('broken on purpose');
  });
  await app.ready();
  return { app, fields };
}

afterEach(async () => activeTracing()?.shutdown());

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('starts nothing: no tracing, no instrumentation, the global API stays the no-op one', () => {
    const instrument = jest.fn(() => () => undefined);
    expect(startTracing({ settings: settingsOf({}), load, serviceName: 'probe', instrument })).toBeNull();
    expect(activeTracing()).toBeNull();
    expect(instrument).not.toHaveBeenCalled();
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
    expect(traceLogFields()).toEqual({});
  });
});

describe('with tracing on', () => {
  // A new one each test: shutting tracing down stops its exporter.
  let exporter = new InMemorySpanExporter();
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
  });

  /** Tracing on with these settings (every trace kept by default), its spans in `exporter`, and a small app under it. */
  async function tracedApp(env: NodeJS.ProcessEnv = { OTEL_TRACES_SAMPLER_ARG: '1' }) {
    const tracing = startTracing({ settings: settingsOf(env), load, serviceName: 'probe', exporter });
    if (!tracing) throw new Error('tracing did not start');
    return appWith(tracing.fastifyPlugin);
  }

  it("names the spans' service and tracer, runs the service's instrumentation and undoes it at shutdown", async () => {
    const unregister = jest.fn();
    const instrument = jest.fn(() => unregister);
    const tracing = startTracing({
      settings: settingsOf({ OTEL_TRACES_SAMPLER_ARG: '1' }),
      load,
      serviceName: 'probe-service',
      exporter,
      instrument,
    });
    expect(tracing).not.toBeNull();
    // A second start gives the tracing already running.
    expect(startTracing({ settings: settingsOf({}), load, serviceName: 'other', exporter })).toBe(tracing);
    expect(instrument).toHaveBeenCalledTimes(1);
    const { app } = await appWith(tracing!.fastifyPlugin);
    expect(app.hasPlugin(REQUEST_SPANS_PLUGIN)).toBe(true);
    await app.inject({ method: 'GET', url: '/things/1' });
    const [request] = exporter.getFinishedSpans().filter((span) => span.name === 'request');
    expect(request?.resource.attributes['service.name']).toBe('probe-service');
    expect(request?.instrumentationScope.name).toBe('probe-service');
    await app.close();
    await tracing!.shutdown();
    expect(unregister).toHaveBeenCalledTimes(1);
    expect(activeTracing()).toBeNull();
  });

  it('takes the service name from OTEL_SERVICE_NAME when set', async () => {
    const { app } = await tracedApp({ OTEL_TRACES_SAMPLER_ARG: '1', OTEL_SERVICE_NAME: 'renamed' });
    await app.inject({ method: 'GET', url: '/things/1' });
    expect(exporter.getFinishedSpans()[0]?.resource.attributes['service.name']).toBe('renamed');
    await app.close();
  });

  it("continues the edge's trace: the request's span, the handler's under it, no query string, the ids in the log fields", async () => {
    const { app, fields } = await tracedApp();
    const answer = await app.inject({
      method: 'GET',
      url: '/things/7?password=Query-Secret',
      headers: { traceparent: traceparent(TRACE_ID) },
    });
    expect(answer.statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    expect(spans.every((span) => span.spanContext().traceId === TRACE_ID)).toBe(true);
    const request = spans.find((span) => span.name === 'request');
    const handler = spans.find((span) => span.name === 'handler - /things/:id');
    expect(request?.parentSpanContext?.spanId).toBe(EDGE_SPAN_ID);
    expect(request?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/things/:id',
      'url.path': '/things/7',
      'http.response.status_code': 200,
    });
    expect(handler?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('Query-Secret');
    expect(fields).toEqual([{ trace_id: TRACE_ID, span_id: handler?.spanContext().spanId }]);
    expect(traceLogFields()).toEqual({});
    await app.close();
  });

  it('records what a handler throws on its span, and a 5xx answer as an error of the request', async () => {
    const { app } = await tracedApp();
    const answer = await app.inject({ method: 'POST', url: '/fail' });
    expect(answer.statusCode).toBe(500);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'request');
    const handler = spans.find((span) => span.name === 'handler - /fail');
    expect(handler?.status).toEqual({ code: 2, message: 'broken on purpose' });
    expect(handler?.events.map((event) => event.name)).toEqual(['exception']);
    expect(request?.status.code).toBe(2);
    expect(request?.attributes['http.response.status_code']).toBe(500);
    // A new trace: no traceparent came.
    expect(request?.parentSpanContext).toBeUndefined();
    await app.close();
  });

  it('follows a parent that says "not sampled", and starts its own trace from a malformed traceparent', async () => {
    const { app, fields } = await tracedApp();
    await app.inject({ method: 'GET', url: '/things/1', headers: { traceparent: traceparent(TRACE_ID, '00') } });
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(fields).toEqual([{}]);
    await app.inject({ method: 'GET', url: '/things/1', headers: { traceparent: 'not-a-traceparent' } });
    const [request] = exporter.getFinishedSpans().filter((span) => span.name === 'request');
    expect(request?.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.parentSpanContext).toBeUndefined();
    await app.close();
  });

  it('keeps the traces whose id falls in the share (the SDK ratio sampler), and no span of the others', async () => {
    const share = new TraceIdRatioBasedSampler(0.5);
    const inShare = (traceId: string) =>
      share.shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED;
    const kept = '4bf92f3577b34da6a3ce929dffffffff';
    const dropped = '4bf92f3577b34da6a3ce929d00000001';
    expect([inShare(kept), inShare(dropped)]).toEqual([true, false]);
    const { app } = await tracedApp({ OTEL_TRACES_SAMPLER_ARG: '0.5' });
    for (const traceId of [kept, dropped])
      await app.inject({ method: 'GET', url: '/things/1', headers: { traceparent: traceparent(traceId) } });
    expect([...new Set(exporter.getFinishedSpans().map((span) => span.spanContext().traceId))]).toEqual([kept]);
    await app.close();
  });

  it('keeps no trace at a share of 0, whatever the parent asks', async () => {
    const { app } = await tracedApp({ OTEL_TRACES_SAMPLER_ARG: '0' });
    await app.inject({ method: 'GET', url: '/things/1', headers: { traceparent: traceparent(TRACE_ID) } });
    await app.inject({ method: 'GET', url: '/things/1' });
    expect(exporter.getFinishedSpans()).toEqual([]);
    await app.close();
  });
});

describe('the share of traces kept', () => {
  it('is one in 20 unless OTEL_TRACES_SAMPLER_ARG says otherwise; a bad value stops the start, naming it', () => {
    const shareOf = (env: NodeJS.ProcessEnv) => settingsOf(env).OTEL_TRACES_SAMPLER_ARG;
    expect(DEFAULT_TRACE_SHARE).toBe(0.05);
    expect(shareOf({})).toBe(0.05);
    expect(shareOf({ OTEL_TRACES_SAMPLER_ARG: '1' })).toBe(1);
    expect(shareOf({ OTEL_TRACES_SAMPLER_ARG: '0' })).toBe(0);
    expect(() => shareOf({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "2"',
    );
    expect(() => shareOf({ OTEL_TRACES_SAMPLER_ARG: 'all' })).toThrow(
      'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "all"',
    );
  });
});
