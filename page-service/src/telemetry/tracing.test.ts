import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { buildPageService } from '../app';
import { readPageServiceSettings } from '../config/page-settings';
import { fakeShell } from '../testing/fake-shell';
import { activeTracing, REQUEST_SPANS_PLUGIN, traceLogFields } from '@portal/service-tracing';
import { startPageTracing } from './tracing';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const EDGE_SPAN_ID = 'b7ad6b7169203331';

/** The page service as server.ts builds it, with log lines kept (parsed). */
async function pageService(withMixin: boolean) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const shell = fakeShell('http://127.0.0.1:9/mf-manifest.json');
  const { app } = await buildPageService({
    shellDist: shell.dist,
    logger: { level: 'info', stream, ...(withMixin ? { mixin: traceLogFields } : {}) },
  });
  // A line written while the request is handled, as a failing render writes one.
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.info('handling');
    done();
  });
  return { app, lines };
}

const page = (app: Awaited<ReturnType<typeof pageService>>['app']) =>
  app.inject({
    method: 'GET',
    url: '/all-games',
    headers: { host: 'portal.test', accept: 'text/html', traceparent: `00-${TRACE_ID}-${EDGE_SPAN_ID}-01` },
  });

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('starts no SDK and registers no plugin', async () => {
    expect(startPageTracing(readPageServiceSettings({}))).toBeNull();
    const { app, lines } = await pageService(false);
    const answer = await page(app);
    expect(answer.statusCode).toBe(200);
    expect(app.hasPlugin(REQUEST_SPANS_PLUGIN)).toBe(false);
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
    expect(lines.find((line) => line.msg === 'handling')).not.toHaveProperty('trace_id');
    await app.close();
  });
});

describe('with tracing on', () => {
  it("continues nginx's trace: a span of the page request under the edge's, its ids in the log line", async () => {
    const exporter = new InMemorySpanExporter();
    expect(startPageTracing(readPageServiceSettings({ OTEL_TRACES_SAMPLER_ARG: '1' }), exporter)).not.toBeNull();
    const { app, lines } = await pageService(true);
    try {
      const answer = await page(app);
      expect(answer.statusCode).toBe(200);
      const spans = exporter.getFinishedSpans();
      const request = spans.find((span) => span.name === 'request');
      expect(request?.spanContext().traceId).toBe(TRACE_ID);
      expect(request?.parentSpanContext?.spanId).toBe(EDGE_SPAN_ID);
      expect(request?.attributes['http.route']).toBe('/*');
      // This service's name and its tracer's, as server.ts starts it.
      expect(request?.resource.attributes['service.name']).toBe('page-service');
      expect(request?.instrumentationScope.name).toBe('page-service');
      expect(spans.every((span) => span.spanContext().traceId === TRACE_ID)).toBe(true);
      expect(lines.find((line) => line.msg === 'handling')).toMatchObject({
        trace_id: TRACE_ID,
        span_id: request?.spanContext().spanId,
      });
    } finally {
      await app.close();
      await activeTracing()?.shutdown();
    }
  });
});
