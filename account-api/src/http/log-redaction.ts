import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Request logs (decision 0007 step 6): one lean line per request with the method, the route
 * pattern (never the URL as sent: update-password takes passwords in the query string, product §7,
 * and codes and tokens travel there too), the status, the time and the request id (pino adds
 * `reqId`). No body field and no header value is ever logged.
 */
export interface RequestLogLine {
  method: string;
  /** The matched route pattern, e.g. `/uploads/*`; null when no route matched (404). */
  route: string | null;
  status: number;
  /** Time to answer, in milliseconds (0.1 ms precision). */
  ms: number;
}

export function requestLogLine(request: FastifyRequest, reply: FastifyReply): RequestLogLine {
  return {
    method: request.method,
    route: request.routeOptions.url ?? null,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/** The path of a URL without its query string. */
export function withoutQuery(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

/** Should anything log a request object after all, it shows the method and path only. */
export const LOG_SERIALIZERS = {
  req: (request: { method: string; url: string }) => ({ method: request.method, path: withoutQuery(request.url) }),
};

/**
 * Fastify's per-request log lines, replaced: nothing when a request arrives (its line would carry
 * the URL as sent), one lean line when it is answered, and no "route not found" line with the URL
 * (the answered line says 404 with no route).
 */
export class LeanRequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ ...requestLogLine(request, reply), err: error }, 'request errored');
    else reply.log.info(requestLogLine(request, reply), 'request');
  }
}
