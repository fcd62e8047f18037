export { endSpanWith } from './end-span';
export { REQUEST_SPANS_PLUGIN, requestSpans, type RequestSpanOptions } from './request-spans';
export {
  activeTracing,
  DEFAULT_TRACE_SHARE,
  startTracing,
  traceLogFields,
  type Tracing,
  type TracingOptions,
  type TracingSettings,
} from './tracing';
