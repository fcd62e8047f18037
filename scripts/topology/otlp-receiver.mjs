// A local OTLP/HTTP receiver for the topology tests (decision 0059): it stands where an operator
// runs Jaeger, Tempo or an OpenTelemetry Collector. The page services and the API instances send
// their spans to it (OTEL_EXPORTER_OTLP_ENDPOINT, OTLP/JSON); the tests read them back with
// GET /spans?trace_id=<32 hex>. Kept in memory for the run.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/** An OTLP/JSON attribute value as a plain value. */
function plain(value) {
  if (!value || typeof value !== 'object') return null;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plain);
  return null;
}

const attributesOf = (list = []) => Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));

/** The spans of one ExportTraceServiceRequest, flat, each with its resource's service.name. */
export function spansOfExport(body) {
  const spans = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? [])
      for (const span of scopeSpans.spans ?? [])
        spans.push({
          service: resource['service.name'] ?? null,
          scope: scopeSpans.scope?.name ?? null,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || null,
          name: span.name,
          kind: span.kind,
          attributes: attributesOf(span.attributes),
        });
  }
  return spans;
}

/** Starts the receiver on 127.0.0.1:`port`; resolves to { url, spans, stop }. */
export async function startOtlpReceiver({ port }) {
  const spans = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/spans') {
      const traceId = url.searchParams.get('trace_id');
      const found = traceId ? spans.filter((span) => span.traceId === traceId) : spans;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) {
      // Only OTLP/JSON here: the services' exporter (exporter-trace-otlp-http) sends it.
      res.writeHead(415, { 'content-type': 'application/json' }).end('{"message":"OTLP/JSON only"}');
      return;
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      try {
        let raw = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
        spans.push(...spansOfExport(JSON.parse(raw.toString('utf8'))));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: error.message }));
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
