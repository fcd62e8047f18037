// A span per request and one per route handler (decision 0060, amending 0059), continuing the
// incoming `traceparent`. It replaces @fastify/otel, whose wrappers cost the hot path as much with
// a trace dropped as with it kept: here the decision comes first, and a request whose trace is not
// kept makes no span, no context and no trace fields in its log lines (its `reqId` is nginx's
// request id, the trace id of every trace nginx starts). The attributes never carry a query
// string (the API's update-password takes passwords there, product §7).
import type * as OtelApi from '@opentelemetry/api';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { endSpanWith } from './end-span';

/** The request's span and context, kept on the request while it runs. */
const SPAN = Symbol('request span');
const CONTEXT = Symbol('request context');
interface Traced {
  [SPAN]?: OtelApi.Span;
  [CONTEXT]?: OtelApi.Context;
}

/** The path of a URL without its query string. */
function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

/** The plugin's name: `app.hasPlugin(REQUEST_SPANS_PLUGIN)` tells whether requests are traced. */
export const REQUEST_SPANS_PLUGIN = 'request-spans';

export interface RequestSpanOptions {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  /**
   * Whether a trace is kept: its id when a sampled parent sent one, null for a trace this
   * request starts. Only kept traces reach the tracer, so its sampler sees no other.
   */
  keeps: (traceId: string | null) => boolean;
}

export function requestSpans({ api, tracer, keeps }: RequestSpanOptions): FastifyPluginCallback {
  const { context, propagation, trace, SpanKind, SpanStatusCode, TraceFlags, ROOT_CONTEXT } = api;

  /** The handler inside a span of its own, only when the request's trace is kept. */
  function tracedHandler(handler: RouteHandlerMethod, route: string): RouteHandlerMethod {
    const name = `handler - ${route}`;
    return function handlerInSpan(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const parent = (request as Traced)[CONTEXT];
      if (!parent) return handler.call(this, request, reply);
      const span = tracer.startSpan(name, { attributes: { 'http.route': route } }, parent);
      return endSpanWith(api, span, () => context.with(trace.setSpan(parent, span), () => handler.call(this, request, reply)));
    };
  }

  const plugin: FastifyPluginCallback = (app, _options, done) => {
    app.addHook('onRoute', (route) => {
      route.handler = tracedHandler(route.handler, route.url);
    });

    app.addHook('onRequest', (request, _reply, next) => {
      // A malformed traceparent is no parent: the request starts a trace of its own.
      const parent =
        request.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, request.headers);
      const remote = trace.getSpanContext(parent);
      // A parent that says "not sampled" is followed; a sampled one is kept by the share.
      const kept = remote ? (remote.traceFlags & TraceFlags.SAMPLED) !== 0 && keeps(remote.traceId) : keeps(null);
      if (!kept) {
        next();
        return;
      }
      const route = request.routeOptions.url;
      const attributes: OtelApi.Attributes = { 'http.request.method': request.method, 'url.path': pathOf(request.url) };
      if (route) attributes['http.route'] = route;
      const span = tracer.startSpan('request', { kind: SpanKind.SERVER, attributes }, parent);
      const active = trace.setSpan(parent, span);
      (request as Traced)[SPAN] = span;
      (request as Traced)[CONTEXT] = active;
      // A body arrives in later events of the request stream: they run in the trace too, so the
      // hooks after parsing (an auth check's read) are inside it.
      if (request.headers['content-length'] || request.headers['transfer-encoding']) context.bind(active, request.raw);
      // The rest of the request, hooks and handler, inside the request's context.
      context.with(active, next);
    });

    app.addHook('onError', (request, _reply, error, next) => {
      const span = (request as Traced)[SPAN];
      span?.recordException(error);
      next();
    });

    // Ended as the answer goes out, not after: when the client has the answer, every span of
    // the request has ended (a test, or a user, looking up the trace at once finds it whole).
    // onResponse ends it when nothing was sent (the connection went away first).
    const finish = (request: FastifyRequest, reply: FastifyReply) => {
      const span = (request as Traced)[SPAN];
      if (!span) return;
      (request as Traced)[SPAN] = undefined;
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    app.addHook('onSend', (request, reply, payload, next) => {
      finish(request, reply);
      next(null, payload);
    });
    app.addHook('onResponse', (request, reply, next) => {
      finish(request, reply);
      next();
    });
    done();
  };
  // Not encapsulated: its hooks apply to every route of the app it is registered on.
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: REQUEST_SPANS_PLUGIN,
    [Symbol.for('plugin-meta')]: { name: REQUEST_SPANS_PLUGIN },
  });
  return plugin;
}
