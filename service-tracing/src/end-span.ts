import type * as OtelApi from '@opentelemetry/api';

/**
 * Runs `run` and ends `span` when its result settles (a promise) or at once; what it throws (or
 * rejects with) is recorded on the span, which ends as an error, and thrown again.
 */
export function endSpanWith<T>(api: typeof OtelApi, span: OtelApi.Span, run: () => T): T {
  const fail = (error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    span.end();
  };
  let result: T;
  try {
    result = run();
  } catch (error) {
    fail(error);
    throw error;
  }
  if (result instanceof Promise)
    return result.then(
      (value: unknown) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        fail(error);
        throw error;
      },
    ) as T;
  span.end();
  return result;
}
