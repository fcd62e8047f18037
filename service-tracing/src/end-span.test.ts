import { trace } from '@opentelemetry/api';
import * as api from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { endSpanWith } from './end-span';

const exporter = new InMemorySpanExporter();
const tracer = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer('probe');
beforeEach(() => exporter.reset());
const only = () => {
  const spans = exporter.getFinishedSpans();
  expect(spans).toHaveLength(1);
  return spans[0]!;
};

describe('endSpanWith', () => {
  it('ends the span with what a plain function gives', () => {
    expect(endSpanWith(api, tracer.startSpan('sync'), () => 42)).toBe(42);
    expect(only().status.code).toBe(api.SpanStatusCode.UNSET);
  });

  it('ends the span only once a promise settles', async () => {
    let resolve: (value: string) => void = () => undefined;
    const result = endSpanWith(api, tracer.startSpan('async'), () => new Promise<string>((done) => (resolve = done)));
    expect(exporter.getFinishedSpans()).toEqual([]);
    resolve('done');
    await expect(result).resolves.toBe('done');
    expect(only().name).toBe('async');
  });

  it('records a throw or a rejection, ends the span as an error and passes the error on', async () => {
    expect(() =>
      endSpanWith(api, tracer.startSpan('throws'), () => {
        throw new Error('thrown');
      }),
    ).toThrow('thrown');
    expect(only().status).toEqual({ code: api.SpanStatusCode.ERROR, message: 'thrown' });
    exporter.reset();
    await expect(endSpanWith(api, tracer.startSpan('rejects'), () => Promise.reject(new Error('rejected')))).rejects.toThrow(
      'rejected',
    );
    expect(only().status).toEqual({ code: api.SpanStatusCode.ERROR, message: 'rejected' });
    expect(only().events.map((event) => event.name)).toEqual(['exception']);
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
