export { endSpanWith } from './end-span';
export { REQUEST_SPANS_PLUGIN, requestSpans, type RequestSpanOptions } from './request-spans';
export {
  activeTracing,
  DEFAULT_TRACE_SHARE,
  sampledShare,
  startTracing,
  traceLogFields,
  type Tracing,
  type TracingOptions,
} from './tracing';
